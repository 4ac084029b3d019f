//===- Registration.cpp - The targets built into this binary --------------===//
//
// The one place that names every target: adding a target adds one line here
// and its own folder.
//
//===----------------------------------------------------------------------===//

#include "targets/Target.h"
#include "targets/amd/AMDTarget.h"
#include "targets/cpu/CPUTarget.h"
#include "targets/nvidia/NVIDIATarget.h"

void mlir::tile::registerAllTargets() {
  static bool registered = false;
  if (registered)
    return;
  registered = true;
  registerAMDTarget();
  registerCPUTarget();
  registerNVIDIATarget();
}
