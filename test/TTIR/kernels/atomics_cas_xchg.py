"""Compare-and-swap and exchange. Kernel `swap_kernel`: every lane owns one
address: tl.atomic_xchg stores new values and returns the old ones, and a
vector tl.atomic_cas succeeds where the compared value equals memory (every
other lane), so all results are exact. Kernel `claim_kernel`: each program
tries to claim slot pid % S with a scalar atomic_cas(slot, 0, pid + 1); one
program per slot wins, which one varies (a custom check). Kernel
`lock_kernel`: a spin lock (a while loop on atomic_cas with acquire, a
volatile load and a store, atomic_xchg with release) counting the programs:
valid Triton, but erroneous by docs/Semantics.md 1 (a program waits for
another program)."""

import torch
import triton
import triton.language as tl

from _common import generator, opts, randint, run


@triton.jit
def swap_kernel(buf_ptr, new_ptr, old_ptr, cas_ptr, cas_old_ptr, n, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    new = tl.load(new_ptr + idx, mask=inside, other=0)
    old = tl.atomic_xchg(buf_ptr + idx, new, mask=inside)
    tl.store(old_ptr + idx, old, mask=inside)
    # atomic_cas has no mask: the buffers hold grid * BLOCK elements, so every lane's address is valid.
    current = tl.load(cas_ptr + idx)
    expected = tl.where(idx % 2 == 0, current, current + 1)
    got = tl.atomic_cas(cas_ptr + idx, expected, idx * 10)
    tl.store(cas_old_ptr + idx, got)


@triton.jit
def claim_kernel(slots_ptr, won_ptr, S):
    pid = tl.program_id(0)
    old = tl.atomic_cas(slots_ptr + pid % S, 0, pid + 1, sem="acq_rel", scope="gpu")
    tl.store(won_ptr + pid, (old == 0).to(tl.int32))


@triton.jit
def lock_kernel(lock_ptr, counter_ptr):
    while tl.atomic_cas(lock_ptr, 0, 1, sem="acquire") == 1:
        pass
    value = tl.load(counter_ptr, volatile=True)
    tl.store(counter_ptr, value + 1)
    tl.atomic_xchg(lock_ptr, 0, sem="release")


SPECS = [
    dict(name="swap_n1000", kernel="swap", grid=(4,), constexprs=dict(BLOCK=256), num_warps=4, num_stages=3,
         scalars=dict(n=1000), padded=1024, shapes=dict(buf=(1024,), new=(1024,), cas=(1024,)),
         dtypes=dict(buf="int32", new="int32", cas="int32"), outputs=["buf", "old", "cas", "cas_old"]),
    dict(name="claim_p64_s8", kernel="claim", grid=(64,), num_warps=1, num_stages=3, scalars=dict(S=8),
         shapes=dict(slots=(8,), won=(64,)), dtypes=dict(slots="int32", won="int32"), outputs=["slots", "won"]),
    dict(name="lock_p16", kernel="lock", grid=(16,), num_warps=1, num_stages=3, shapes=dict(lock=(1,), counter=(1,)),
         dtypes=dict(lock="int32", counter="int32"), outputs=["counter", "lock"],
         tile_erroneous="a program waits for another program (docs/Semantics.md 1)"),
]


def make_inputs(spec, seed):
    g = generator(seed)
    if spec["kernel"] == "swap":
        p = spec["padded"]
        return {"buf": randint((p,), -100, 100, "int32", g), "new": randint((p,), -100, 100, "int32", g),
                "old": torch.full((p,), -7, dtype=torch.int32), "cas": randint((p,), 0, 1000, "int32", g),
                "cas_old": torch.full((p,), -7, dtype=torch.int32)}
    if spec["kernel"] == "claim":
        return {"slots": torch.zeros(spec["scalars"]["S"], dtype=torch.int32),
                "won": torch.full((spec["grid"][0],), -1, dtype=torch.int32)}
    return {"lock": torch.zeros(1, dtype=torch.int32), "counter": torch.zeros(1, dtype=torch.int32)}


def reference(spec, t):
    if spec["kernel"] == "swap":
        n, p = spec["scalars"]["n"], spec["padded"]
        idx = torch.arange(p)
        buf = t["buf"].clone().to(torch.int64)
        buf[:n] = t["new"][:n].to(torch.int64)
        old = torch.full((p,), -7, dtype=torch.int64)
        old[:n] = t["buf"][:n].to(torch.int64)
        swapped = idx % 2 == 0            # the even lanes compare equal
        cas = torch.where(swapped, idx * 10, t["cas"].to(torch.int64))
        return {"buf": buf, "old": old, "cas": cas, "cas_old": t["cas"].to(torch.int64)}
    if spec["kernel"] == "claim":
        programs, s = spec["grid"][0], spec["scalars"]["S"]

        def check_slots(got):
            for slot, v in enumerate(got.tolist()):
                if v == 0 or (v - 1) % s != slot:
                    return False, f"slot {slot} holds {v}: not claimed by a program p with p % S == slot"
            return True, "each slot holds the id + 1 of one of its programs"

        def check_won(got):
            won = got.tolist()
            if any(w not in (0, 1) for w in won):
                return False, "won must be 0 or 1"
            per_slot = [sum(won[p] for p in range(programs) if p % s == slot) for slot in range(s)]
            return (per_slot == [1] * s), f"winners per slot {per_slot}"
        return {"slots": check_slots, "won": check_won}
    return {"counter": torch.tensor([spec["grid"][0]]), "lock": torch.tensor([0])}


def launch(spec, t):
    if spec["kernel"] == "swap":
        run(swap_kernel, spec["grid"], t["buf"], t["new"], t["old"], t["cas"], t["cas_old"], spec["scalars"]["n"],
            **opts(spec))
    elif spec["kernel"] == "claim":
        run(claim_kernel, spec["grid"], t["slots"], t["won"], spec["scalars"]["S"], **opts(spec))
    else:
        run(lock_kernel, spec["grid"], t["lock"], t["counter"], **opts(spec))
