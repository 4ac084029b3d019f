// moe_routing: the routing step of a mixture-of-experts layer as served
//   (Mixtral: 8 experts, top 2), the two kernels that run before
//   moe_gemm.mlir's grouped products.
//
// @moe_topk picks each token's top_k experts and their routing weights.
//   logits: [num_tokens, num_experts] f32, row stride ld.
//   For token t, experts are ranked by logit, greater first; equal logits
//   rank the smaller expert index first, and a NaN logit ranks above every
//   number (as row_argmax.mlir). Pick i of t (i < top_k) is the expert of
//   rank i:
//     topk_ids[t * top_k + i]     = that expert
//     topk_weights[t * top_k + i] = exp(l_i - m) / den
//   with l_i its logit, m the row's largest logit, and den the sum of
//   exp(l - m) over the top_k picks (renormalize != 0: the softmax of the
//   picked logits, as Mixtral routes) or over all experts (renormalize = 0:
//   the full softmax's probabilities of the picks).
//   Grid: (cdiv(num_tokens, 16)); program x routes tokens 16x .. 16x+15.
//   Contract: 1 <= top_k <= num_experts <= 256.
//
// @moe_align sorts the picks by expert and pads each expert's run to a
//   multiple of `block`, the row block of the grouped product (64 for
//   moe_gemm.mlir). It runs as one program (grid (1)).
//   topk_ids: [num_entries] i32, the flattened picks (num_entries =
//     num_tokens * top_k); an entry outside [0, min(num_experts, 256)) is
//     left out.
//   Expert e's run starts at start[e] = sum over e' < e of padded[e'], with
//   padded[e] = count[e] rounded up to a multiple of block (0 for an expert
//   no entry picked), and holds e's entries in increasing order, then
//   padding. Outputs, with max_padded = num_entries + num_experts *
//   (block - 1) and max_blocks = cdiv(max_padded, block) (the sizes the
//   caller allocates, the most any routing can need):
//     sorted_ids[0 .. max_padded): the entries in run order, num_entries
//       in padding slots and past the last run;
//     expert_ids[0 .. max_blocks): the expert of each block of `block`
//       slots, -1 for blocks past the last run;
//     total_padded[0]: the end of the last run (sum of padded).
//   The order within a run is the entries' order, so the result is the same
//   bits on every target. Contract: 1 <= num_experts <= 256, block >= 1,
//   max_padded < 2^31.
tile.func @moe_topk(%logits: !tile.ptr<f32>,
                    %topk_ids: !tile.ptr<i32> {tile.noalias},
                    %topk_weights: !tile.ptr<f32> {tile.noalias},
                    %num_tokens: i32, %num_experts: i32, %top_k: i32,
                    %ld: i32, %renormalize: i32)
    attributes {num_warps = 4 : i32,
                tile.grid = affine_map<()[s0, s1, s2, s3] -> (s3 ceildiv 16)>} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %ROWS = arith.constant 16 : i32
  %pid = tile.program_id x

  // Rows of this program's tokens and columns of the experts, masked.
  %r16 = tile.range 0 to 16 : tensor<16xi32>
  %row0 = arith.muli %pid, %ROWS : i32
  %row0_s = tile.splat %row0 : tensor<16xi32>
  %rows = arith.addi %row0_s, %r16 : tensor<16xi32>
  %T_s = tile.splat %num_tokens : tensor<16xi32>
  %row_ok = arith.cmpi slt, %rows, %T_s : tensor<16xi32>
  %cols = tile.range 0 to 256 : tensor<256xi32>
  %E_s = tile.splat %num_experts : tensor<256xi32>
  %col_ok = arith.cmpi slt, %cols, %E_s : tensor<256xi32>
  %row_ok_e = tile.expand_dims %row_ok, 1 : tensor<16xi1> -> tensor<16x1xi1>
  %row_ok_b = tile.broadcast %row_ok_e : tensor<16x1xi1> -> tensor<16x256xi1>
  %col_ok_e = tile.expand_dims %col_ok, 0 : tensor<256xi1> -> tensor<1x256xi1>
  %col_ok_b = tile.broadcast %col_ok_e : tensor<1x256xi1> -> tensor<16x256xi1>
  %mask = arith.andi %row_ok_b, %col_ok_b : tensor<16x256xi1>

  // x = logits[rows, cols], -inf where masked.
  %ld_s = tile.splat %ld : tensor<16xi32>
  %row_off = arith.muli %rows, %ld_s : tensor<16xi32>
  %row_off_e = tile.expand_dims %row_off, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %row_off_b = tile.broadcast %row_off_e : tensor<16x1xi32> -> tensor<16x256xi32>
  %cols_e = tile.expand_dims %cols, 0 : tensor<256xi32> -> tensor<1x256xi32>
  %cols_b = tile.broadcast %cols_e : tensor<1x256xi32> -> tensor<16x256xi32>
  %offs = arith.addi %row_off_b, %cols_b : tensor<16x256xi32>
  %base = tile.splat %logits : tensor<16x256x!tile.ptr<f32>>
  %ptrs = tile.addptr %base, %offs : tensor<16x256x!tile.ptr<f32>>, tensor<16x256xi32>
  %neg_inf = arith.constant dense<0xFF800000> : tensor<16x256xf32>
  %x = tile.load %ptrs, %mask, %neg_inf : tensor<16x256x!tile.ptr<f32>>

  // m = the row's largest logit; all_sum = sum over the experts of exp(x - m).
  %m = tile.reduce(%x) axis = 1 : tensor<16x256xf32> -> tensor<16xf32> {
  ^bb0(%a: f32, %b: f32):
    %r = arith.maximumf %a, %b : f32
    tile.yield %r : f32
  }
  %m_e = tile.expand_dims %m, 1 : tensor<16xf32> -> tensor<16x1xf32>
  %m_b = tile.broadcast %m_e : tensor<16x1xf32> -> tensor<16x256xf32>
  %shifted = arith.subf %x, %m_b : tensor<16x256xf32>
  %exps = math.exp %shifted : tensor<16x256xf32>
  %zeros = arith.constant dense<0.0> : tensor<16x256xf32>
  %exps_ok = arith.select %col_ok_b, %exps, %zeros : tensor<16x256xi1>, tensor<16x256xf32>
  %all_sum = tile.reduce(%exps_ok) axis = 1 : tensor<16x256xf32> -> tensor<16xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.yield %s : f32
  }

  // Pick i: the best expert not yet picked (the largest of a total order,
  // so the reduction's result does not depend on its order). Its weight is
  // stored unnormalized, and scaled once all picks are known.
  %top_k_s = tile.splat %top_k : tensor<16xi32>
  %entry0 = arith.muli %rows, %top_k_s : tensor<16xi32>
  %ids_base = tile.splat %topk_ids : tensor<16x!tile.ptr<i32>>
  %w_base = tile.splat %topk_weights : tensor<16x!tile.ptr<f32>>
  %zero16 = arith.constant dense<0.0> : tensor<16xf32>
  %true_b = arith.constant dense<true> : tensor<16x256xi1>
  %avail_end, %picked_sum = scf.for %i = %c0 to %top_k step %c1
      iter_args(%avail = %col_ok_b, %sum = %zero16)
      -> (tensor<16x256xi1>, tensor<16xf32>) : i32 {
    %best_ok, %best_v, %best_i = tile.reduce(%avail, %x, %cols_b) axis = 1
        : tensor<16x256xi1>, tensor<16x256xf32>, tensor<16x256xi32>
        -> tensor<16xi1>, tensor<16xf32>, tensor<16xi32> {
    ^bb0(%oa: i1, %va: f32, %ia: i32, %ob: i1, %vb: f32, %ib: i32):
      %true = arith.constant true
      %gt = arith.cmpf ogt, %va, %vb : f32
      %eq = arith.cmpf oeq, %va, %vb : f32
      %lt = arith.cmpi slt, %ia, %ib : i32
      %nana = arith.cmpf uno, %va, %va : f32
      %nanb = arith.cmpf uno, %vb, %vb : f32
      %tie = arith.andi %eq, %lt : i1
      %num = arith.ori %gt, %tie : i1           // numbers: greater, or equal with a smaller index
      %bnum = arith.xori %nanb, %true : i1
      %pick = arith.select %nana, %bnum, %num : i1  // a NaN ranks first unless b is NaN too
      %both = arith.andi %nana, %nanb : i1
      %nlt = arith.andi %both, %lt : i1          // both NaN: the smaller index
      %ranks = arith.ori %pick, %nlt : i1
      %nob = arith.xori %ob, %true : i1
      %a_only = arith.andi %oa, %nob : i1        // an available expert beats a taken one
      %same = arith.cmpi eq, %oa, %ob : i1
      %same_rank = arith.andi %same, %ranks : i1
      %keep = arith.ori %a_only, %same_rank : i1
      %o = arith.select %keep, %oa, %ob : i1
      %v = arith.select %keep, %va, %vb : f32
      %j = arith.select %keep, %ia, %ib : i32
      tile.yield %o, %v, %j : i1, f32, i32
    }
    %i_s = tile.splat %i : tensor<16xi32>
    %entry = arith.addi %entry0, %i_s : tensor<16xi32>
    %ids_ptrs = tile.addptr %ids_base, %entry : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
    tile.store %ids_ptrs, %best_i, %row_ok : tensor<16x!tile.ptr<i32>>
    %d = arith.subf %best_v, %m : tensor<16xf32>
    %p = math.exp %d : tensor<16xf32>
    %w_ptrs = tile.addptr %w_base, %entry : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
    tile.store %w_ptrs, %p, %row_ok : tensor<16x!tile.ptr<f32>>
    %sum_next = arith.addf %sum, %p : tensor<16xf32>
    %best_e = tile.expand_dims %best_i, 1 : tensor<16xi32> -> tensor<16x1xi32>
    %best_b = tile.broadcast %best_e : tensor<16x1xi32> -> tensor<16x256xi32>
    %is_best = arith.cmpi eq, %cols_b, %best_b : tensor<16x256xi32>
    %not_best = arith.xori %is_best, %true_b : tensor<16x256xi1>
    %avail_next = arith.andi %avail, %not_best : tensor<16x256xi1>
    scf.yield %avail_next, %sum_next : tensor<16x256xi1>, tensor<16xf32>
  }

  // Each pick's weight divided by the chosen denominator (the loads see
  // the stores above: program order).
  %renorm = arith.cmpi ne, %renormalize, %c0 : i32
  %den = arith.select %renorm, %picked_sum, %all_sum : tensor<16xf32>
  scf.for %i = %c0 to %top_k step %c1 : i32 {
    %i_s = tile.splat %i : tensor<16xi32>
    %entry = arith.addi %entry0, %i_s : tensor<16xi32>
    %w_ptrs = tile.addptr %w_base, %entry : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
    %p = tile.load %w_ptrs, %row_ok, %zero16 : tensor<16x!tile.ptr<f32>>
    %w = arith.divf %p, %den : tensor<16xf32>
    tile.store %w_ptrs, %w, %row_ok : tensor<16x!tile.ptr<f32>>
  }
  tile.return
}

tile.func @moe_align(%topk_ids: !tile.ptr<i32>,
                     %sorted_ids: !tile.ptr<i32> {tile.noalias},
                     %expert_ids: !tile.ptr<i32> {tile.noalias},
                     %total_padded: !tile.ptr<i32> {tile.noalias},
                     %num_entries: i32, %num_experts: i32, %block: i32)
    attributes {num_warps = 4 : i32,
                tile.grid = affine_map<() -> (1)>} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %CHUNK = arith.constant 1024 : i32
  %RANKED = arith.constant 128 : i32
  %BLOCKS = arith.constant 64 : i32
  %r1024 = tile.range 0 to 1024 : tensor<1024xi32>
  %n_1024 = tile.splat %num_entries : tensor<1024xi32>
  %zero1024 = arith.constant dense<0> : tensor<1024xi32>
  %minus1_1024 = arith.constant dense<-1> : tensor<1024xi32>
  // Experts past the 256 columns of the counts are out of range (the
  // contract says num_experts <= 256; this keeps a larger one from
  // writing outside sorted_ids).
  %c256 = arith.constant 256 : i32
  %experts = arith.minsi %num_experts, %c256 : i32
  %E_1024 = tile.splat %experts : tensor<1024xi32>
  %ids_base1024 = tile.splat %topk_ids : tensor<1024x!tile.ptr<i32>>

  // count[e]: the entries that picked expert e (others counted nowhere).
  %zero256 = arith.constant dense<0> : tensor<256xi32>
  %count = scf.for %c = %c0 to %num_entries step %CHUNK
      iter_args(%acc = %zero256) -> (tensor<256xi32>) : i32 {
    %c_s = tile.splat %c : tensor<1024xi32>
    %offs = arith.addi %c_s, %r1024 : tensor<1024xi32>
    %ok = arith.cmpi slt, %offs, %n_1024 : tensor<1024xi32>
    %ptrs = tile.addptr %ids_base1024, %offs : tensor<1024x!tile.ptr<i32>>, tensor<1024xi32>
    %ids = tile.load %ptrs, %ok, %minus1_1024 : tensor<1024x!tile.ptr<i32>>
    %lo = arith.cmpi sge, %ids, %zero1024 : tensor<1024xi32>
    %hi = arith.cmpi slt, %ids, %E_1024 : tensor<1024xi32>
    %valid = arith.andi %lo, %hi : tensor<1024xi1>
    %ids_v = arith.select %valid, %ids, %minus1_1024 : tensor<1024xi1>, tensor<1024xi32>
    %h = tile.histogram %ids_v : tensor<1024xi32> -> tensor<256xi32>
    %acc_next = arith.addi %acc, %h : tensor<256xi32>
    scf.yield %acc_next : tensor<256xi32>
  }

  // Runs: padded[e] = count[e] rounded up to a multiple of block; end[e] is
  // their inclusive prefix sum and start[e] = end[e] - padded[e]. Columns
  // past num_experts count nothing, so their runs are empty at the end.
  %block_s = tile.splat %block : tensor<256xi32>
  %bm1 = arith.subi %block, %c1 : i32
  %bm1_s = tile.splat %bm1 : tensor<256xi32>
  %count_up = arith.addi %count, %bm1_s : tensor<256xi32>
  %nblk = arith.divsi %count_up, %block_s : tensor<256xi32>
  %padded = arith.muli %nblk, %block_s : tensor<256xi32>
  %end = tile.scan(%padded) axis = 0 : tensor<256xi32> -> tensor<256xi32> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tile.yield %s : i32
  }
  %start = arith.subi %end, %padded : tensor<256xi32>
  %total = tile.reduce(%padded) axis = 0 : tensor<256xi32> -> i32 {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tile.yield %s : i32
  }
  tile.store %total_padded, %total : !tile.ptr<i32>

  // sorted_ids[0 .. max_padded) = num_entries (the padding value); the
  // entries are written over it below.
  %E_bm1 = arith.muli %num_experts, %bm1 : i32
  %max_padded = arith.addi %num_entries, %E_bm1 : i32
  %max_padded_s = tile.splat %max_padded : tensor<1024xi32>
  %sorted_base1024 = tile.splat %sorted_ids : tensor<1024x!tile.ptr<i32>>
  scf.for %c = %c0 to %max_padded step %CHUNK : i32 {
    %c_s = tile.splat %c : tensor<1024xi32>
    %offs = arith.addi %c_s, %r1024 : tensor<1024xi32>
    %ok = arith.cmpi slt, %offs, %max_padded_s : tensor<1024xi32>
    %ptrs = tile.addptr %sorted_base1024, %offs : tensor<1024x!tile.ptr<i32>>, tensor<1024xi32>
    tile.store %ptrs, %n_1024, %ok : tensor<1024x!tile.ptr<i32>>
  }

  // expert_ids[b]: the number of runs that end at or before the block's
  // first slot (empty runs included), which is the expert whose run holds
  // it; -1 past the last run.
  %max_padded_up = arith.addi %max_padded, %bm1 : i32
  %max_blocks = arith.divsi %max_padded_up, %block : i32
  %r64 = tile.range 0 to 64 : tensor<64xi32>
  %max_blocks_s = tile.splat %max_blocks : tensor<64xi32>
  %block64 = tile.splat %block : tensor<64xi32>
  %total64 = tile.splat %total : tensor<64xi32>
  %minus1_64 = arith.constant dense<-1> : tensor<64xi32>
  %end_e = tile.expand_dims %end, 0 : tensor<256xi32> -> tensor<1x256xi32>
  %end_b = tile.broadcast %end_e : tensor<1x256xi32> -> tensor<64x256xi32>
  %eids_base = tile.splat %expert_ids : tensor<64x!tile.ptr<i32>>
  scf.for %b = %c0 to %max_blocks step %BLOCKS : i32 {
    %b_s = tile.splat %b : tensor<64xi32>
    %blocks = arith.addi %b_s, %r64 : tensor<64xi32>
    %ok = arith.cmpi slt, %blocks, %max_blocks_s : tensor<64xi32>
    %first = arith.muli %blocks, %block64 : tensor<64xi32>
    %first_e = tile.expand_dims %first, 1 : tensor<64xi32> -> tensor<64x1xi32>
    %first_b = tile.broadcast %first_e : tensor<64x1xi32> -> tensor<64x256xi32>
    %ended = arith.cmpi sle, %end_b, %first_b : tensor<64x256xi32>
    %ended_i = arith.extui %ended : tensor<64x256xi1> to tensor<64x256xi32>
    %expert = tile.reduce(%ended_i) axis = 1 : tensor<64x256xi32> -> tensor<64xi32> {
    ^bb0(%a: i32, %b2: i32):
      %s = arith.addi %a, %b2 : i32
      tile.yield %s : i32
    }
    %in_run = arith.cmpi slt, %first, %total64 : tensor<64xi32>
    %eid = arith.select %in_run, %expert, %minus1_64 : tensor<64xi1>, tensor<64xi32>
    %ptrs = tile.addptr %eids_base, %blocks : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
    tile.store %ptrs, %eid, %ok : tensor<64x!tile.ptr<i32>>
  }

  // Place the entries, 128 at a time: entry i of expert e goes to
  // start[e] + (entries of e in earlier chunks) + (entries of e earlier in
  // this chunk).
  %r128 = tile.range 0 to 128 : tensor<128xi32>
  %n_128 = tile.splat %num_entries : tensor<128xi32>
  %zero128 = arith.constant dense<0> : tensor<128xi32>
  %minus1_128 = arith.constant dense<-1> : tensor<128xi32>
  %E_128 = tile.splat %experts : tensor<128xi32>
  %ids_base128 = tile.splat %topk_ids : tensor<128x!tile.ptr<i32>>
  %sorted_base128 = tile.splat %sorted_ids : tensor<128x!tile.ptr<i32>>
  %ri_e = tile.expand_dims %r128, 1 : tensor<128xi32> -> tensor<128x1xi32>
  %ri_b = tile.broadcast %ri_e : tensor<128x1xi32> -> tensor<128x128xi32>
  %rj_e = tile.expand_dims %r128, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %rj_b = tile.broadcast %rj_e : tensor<1x128xi32> -> tensor<128x128xi32>
  %earlier = arith.cmpi slt, %rj_b, %ri_b : tensor<128x128xi32>
  %placed = scf.for %c = %c0 to %num_entries step %RANKED
      iter_args(%before = %zero256) -> (tensor<256xi32>) : i32 {
    %c_s = tile.splat %c : tensor<128xi32>
    %offs = arith.addi %c_s, %r128 : tensor<128xi32>
    %ok = arith.cmpi slt, %offs, %n_128 : tensor<128xi32>
    %ptrs = tile.addptr %ids_base128, %offs : tensor<128x!tile.ptr<i32>>, tensor<128xi32>
    %ids = tile.load %ptrs, %ok, %minus1_128 : tensor<128x!tile.ptr<i32>>
    %lo = arith.cmpi sge, %ids, %zero128 : tensor<128xi32>
    %hi = arith.cmpi slt, %ids, %E_128 : tensor<128xi32>
    %valid = arith.andi %lo, %hi : tensor<128xi1>
    %ids_v = arith.select %valid, %ids, %minus1_128 : tensor<128xi1>, tensor<128xi32>
    %idi_e = tile.expand_dims %ids_v, 1 : tensor<128xi32> -> tensor<128x1xi32>
    %idi_b = tile.broadcast %idi_e : tensor<128x1xi32> -> tensor<128x128xi32>
    %idj_e = tile.expand_dims %ids_v, 0 : tensor<128xi32> -> tensor<1x128xi32>
    %idj_b = tile.broadcast %idj_e : tensor<1x128xi32> -> tensor<128x128xi32>
    %same = arith.cmpi eq, %idi_b, %idj_b : tensor<128x128xi32>
    %same_earlier = arith.andi %same, %earlier : tensor<128x128xi1>
    %same_earlier_i = arith.extui %same_earlier : tensor<128x128xi1> to tensor<128x128xi32>
    %rank = tile.reduce(%same_earlier_i) axis = 1 : tensor<128x128xi32> -> tensor<128xi32> {
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tile.yield %s : i32
    }
    %next = arith.addi %start, %before : tensor<256xi32>
    %idx = arith.select %valid, %ids_v, %zero128 : tensor<128xi1>, tensor<128xi32>
    %first = tile.gather %next[%idx], 0 : tensor<256xi32>, tensor<128xi32> -> tensor<128xi32>
    %slot = arith.addi %first, %rank : tensor<128xi32>
    %out_ptrs = tile.addptr %sorted_base128, %slot : tensor<128x!tile.ptr<i32>>, tensor<128xi32>
    tile.store %out_ptrs, %offs, %valid : tensor<128x!tile.ptr<i32>>
    %h = tile.histogram %ids_v : tensor<128xi32> -> tensor<256xi32>
    %before_next = arith.addi %before, %h : tensor<256xi32>
    scf.yield %before_next : tensor<256xi32>
  }
  tile.return
}
