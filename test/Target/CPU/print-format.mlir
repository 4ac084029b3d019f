// tile.print's line (docs/Semantics.md section 3.9) on every path: a 2-D
// tile's row-major coordinates, f32 as %.9g after widening, f64 as %.17g,
// hex as two digits per byte. The reference interpreter, the CPU and the
// GPU simulator at both wave sizes print each line identically (4 times).
// RUN: tile-check %s --grid 1 --arg f32:3 --arg f64:0.1 \
// RUN:   --targets cpu,sim-amd,sim-amd:chip=gfx1100 | grep "^pid" | sort \
// RUN:   | uniq -c | FileCheck %s
// CHECK:      4 pid (0, 0, 0) idx () bits=0x40400000
// CHECK-NEXT: 4 pid (0, 0, 0) idx () h=0.10000000000000001
// CHECK-NEXT: 4 pid (0, 0, 0) idx () i=-7
// CHECK-NEXT: 4 pid (0, 0, 0) idx (0, 0) g=0
// CHECK-NEXT: 4 pid (0, 0, 0) idx (0, 1) g=0.333333343
// CHECK-NEXT: 4 pid (0, 0, 0) idx (0, 2) g=0.666666687
// CHECK-NEXT: 4 pid (0, 0, 0) idx (0, 3) g=1
// CHECK-NEXT: 4 pid (0, 0, 0) idx (1, 0) g=0
// CHECK:      4 pid (0, 0, 0) idx (1, 3) g=1
// CHECK-NOT: pid
tile.func @formats(%x: f32, %h: f64) {
  %r = tile.range 0 to 4 : tensor<4xi32>
  %e = tile.expand_dims %r, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %b = tile.broadcast %e : tensor<1x4xi32> -> tensor<2x4xi32>
  %f = arith.sitofp %b : tensor<2x4xi32> to tensor<2x4xf32>
  %xs = tile.splat %x : tensor<2x4xf32>
  %g = arith.divf %f, %xs : tensor<2x4xf32>
  %i = arith.constant -7 : i16
  tile.print "g=" (%g : tensor<2x4xf32>)
  tile.print "h=" (%h : f64)
  tile.print "bits=" hex (%x : f32)
  tile.print "i=" (%i : i16)
  tile.return
}
