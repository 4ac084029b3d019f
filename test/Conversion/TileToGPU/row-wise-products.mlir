// Products whose rows are reduced or multiplied on keep their rows whole in
// each warp (dotWarps): attention's S (reduced along its rows, and P of it
// the A of P x V) and P x V (A computed from S) split only rows between the
// 8 warps, 16 rows each on gfx942's 16x16 MFMA, so that the row maximum
// and sum stay within a warp and P stays with its rows. A matmul keeps the
// general rule (rows first while a warp's part is taller than wide), and
// so does a kernel marked `tile.split_product_rows`.
// RUN: tile-opt %tile_src_root/examples/flash_attention_desc.mlir --convert-tile-to-gpu="target=amd chip=gfx942 annotate=true" | FileCheck %s --check-prefix=ROWS
// RUN: sed -E 's/attributes \{num_warps/attributes {tile.split_product_rows, num_warps/' %tile_src_root/examples/flash_attention_desc.mlir | tile-opt - --convert-tile-to-gpu="target=amd chip=gfx942 annotate=true" | FileCheck %s --check-prefix=SPLIT
// RUN: tile-opt %tile_src_root/examples/matmul_bf16.mlir --convert-tile-to-gpu="target=amd chip=gfx942 annotate=true" | FileCheck %s --check-prefix=MATMUL

// ROWS-LABEL: tile.func @flash_attention_desc(
// ROWS: tile.dot {{.*}}<128x64 {{.*}} warps=[(16, 0), (32, 0), (64, 0)]>
// ROWS: tile.dot {{.*}}<128x128 {{.*}} warps=[(16, 0), (32, 0), (64, 0)]>
// ROWS-LABEL: tile.func @flash_attention_desc_d64(
// ROWS: tile.dot {{.*}}<128x128 {{.*}} warps=[(16, 0), (32, 0), (64, 0)]>
// ROWS: tile.dot {{.*}}<128x64 {{.*}} warps=[(16, 0), (32, 0), (64, 0)]>

// SPLIT-LABEL: tile.func @flash_attention_desc(
// SPLIT: tile.dot {{.*}}<128x64 {{.*}} warps=[(32, 0), (64, 0), (0, 32)]>
// SPLIT: tile.dot {{.*}}<128x128 {{.*}} warps=[(64, 0), (0, 32), (0, 64)]>

// MATMUL: tile.dot {{.*}}<128x256 {{.*}} warps=[(64, 0), (0, 64), (0, 128)]>
