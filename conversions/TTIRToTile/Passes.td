//===- Passes.td - TTIR import ---------------------------------*- tablegen
//-*-===//

#ifndef TILE_CONVERSIONS_TTIRTOTILE_PASSES_TD
#define TILE_CONVERSIONS_TTIRTOTILE_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTTIRToTile : Pass<"convert-ttir-to-tile", "::mlir::ModuleOp"> {
  let summary =
      "Converts a Triton kernel's TTIR (the tt dialect) to a tile kernel";
  let description = [{
    Takes a module holding one `tt.func public` kernel (and `noinline`
    helpers) as Triton 3.6 prints it, and leaves one `tile.func`: helpers
    are inlined and deleted, the `cf` branches of early returns are lifted
    to `scf`, `!tt.ptr` becomes `!tile.ptr`, a host TensorDescriptor
    argument becomes its array's base pointer and a descriptor made at the
    kernel's top, and each tt op becomes its tile
    twin or a decomposition into tile, arith and math ops. An op with no
    tile meaning is a located error. docs/TTIR.md lists every op.
  }];
  let options =
      [Option<"numWarps", "num-warps", "int", /*default=*/"0",
              "Triton's num_warps for the kernel (0: none recorded)">,
       Option<"numStages", "num-stages", "int", /*default=*/"0",
              "Triton's num_stages for the kernel (0: none recorded)">,
       Option<"enableFpFusion", "enable-fp-fusion", "bool", /*default=*/"true",
              "Triton's enable_fp_fusion: float multiply-adds may contract">,
       ListOption<"hostDescriptorPadding", "host-descriptor-padding",
                  "std::string",
                  "The out-of-bounds value of the kernel's host "
                  "TensorDescriptor arguments, 'zero' or 'nan': one for "
                  "all, or one per descriptor argument (default zero; "
                  "the TTIR does not record it)">];
  let dependentDialects = ["::mlir::tile::TileDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect", "::mlir::ub::UBDialect"];
}

#endif // TILE_CONVERSIONS_TTIRTOTILE_PASSES_TD
