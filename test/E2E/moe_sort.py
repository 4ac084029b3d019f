"""moe_routing.mlir's @moe_align in Python, for the end-to-end suite's
reference and the fuzzer's routings; no NumPy, so that the compile side
needs none."""


def moe_sort(ids, num_experts, block):
    """The flattened picks `ids` sorted by expert: each expert's entries in
    order in a run padded to a multiple of `block`; ids outside [0,
    min(num_experts, 256)) are left out. Returns the sorted entries
    (num_entries in padding and past the runs, num_entries + num_experts *
    (block - 1) of them), each block's expert (-1 past the runs) and the end
    of the last run."""
    ids = [int(e) for e in ids]
    n, experts = len(ids), min(num_experts, 256)
    runs = [[] for _ in range(experts)]
    for j, e in enumerate(ids):
        if 0 <= e < experts:
            runs[e].append(j)
    sorted_ids, expert_ids = [], []
    for e, run in enumerate(runs):
        padded = -(-len(run) // block) * block
        sorted_ids += run + [n] * (padded - len(run))
        expert_ids += [e] * (padded // block)
    total = len(sorted_ids)
    max_padded = n + num_experts * (block - 1)
    sorted_ids += [n] * (max_padded - total)
    expert_ids += [-1] * (-(-max_padded // block) - len(expert_ids))
    return sorted_ids, expert_ids, total
