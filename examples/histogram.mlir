// histogram: out[v] += 1 for every in[i] = v with i in [0, n) and
//   0 <= v < n_bins; other values are ignored. Programs update out with
//   relaxed gpu-scope atomic adds, so out must be zeroed (or hold the counts
//   to add to) before the launch. The final counts are exact and
//   order-independent.
// Grid: (cdiv(n, 1024), 1, 1); program_id x = index of the 1024-element
//   block of in.
// Arguments: in: !tile.ptr<i32> (n elements); out: !tile.ptr<i32> (n_bins
//   elements); n: i32; n_bins: i32.
// Tile sizes: BLOCK = 1024 input values per program; the tail is masked and
//   the atomic mask also drops values outside [0, n_bins).
tile.func @histogram(%in: !tile.ptr<i32> {tile.divisibility = 16 : i32},
                     %out: !tile.ptr<i32> {tile.divisibility = 16 : i32},
                     %n: i32, %n_bins: i32) {
  %BLOCK = arith.constant 1024 : i32
  %pid = tile.program_id x
  %block_start = arith.muli %pid, %BLOCK : i32
  %range = tile.range 0 to 1024 : tensor<1024xi32>
  %start_s = tile.splat %block_start : tensor<1024xi32>
  %offs = arith.addi %start_s, %range : tensor<1024xi32>
  %n_s = tile.splat %n : tensor<1024xi32>
  %mask = arith.cmpi slt, %offs, %n_s : tensor<1024xi32>

  %in_base = tile.splat %in : tensor<1024x!tile.ptr<i32>>
  %in_ptrs = tile.addptr %in_base, %offs : tensor<1024x!tile.ptr<i32>>, tensor<1024xi32>
  %vals = tile.load %in_ptrs, %mask : tensor<1024x!tile.ptr<i32>>

  // Count only loaded values in [0, n_bins).
  %zero = arith.constant dense<0> : tensor<1024xi32>
  %bins_s = tile.splat %n_bins : tensor<1024xi32>
  %ge0 = arith.cmpi sge, %vals, %zero : tensor<1024xi32>
  %lt_bins = arith.cmpi slt, %vals, %bins_s : tensor<1024xi32>
  %in_range = arith.andi %ge0, %lt_bins : tensor<1024xi1>
  %count_mask = arith.andi %mask, %in_range : tensor<1024xi1>

  %out_base = tile.splat %out : tensor<1024x!tile.ptr<i32>>
  %bin_ptrs = tile.addptr %out_base, %vals : tensor<1024x!tile.ptr<i32>>, tensor<1024xi32>
  %ones = arith.constant dense<1> : tensor<1024xi32>
  %old = tile.atomic_rmw add, relaxed, gpu %bin_ptrs, %ones, %count_mask : tensor<1024x!tile.ptr<i32>>
  tile.return
}
