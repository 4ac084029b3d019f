//===- Status.cpp - Status objects of the C API ---------------------------===//
//
// A status is one malloc'ed block: the code and a NUL-terminated message.
// When even that allocation fails, a static out-of-memory status is returned
// instead, so reporting an error never fails; freeing it does nothing.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/Backend.h"

#include <cstdlib>
#include <cstring>

struct tile_status_s {
  tile_status_code_t code;
  const char *message;
};

namespace {
tile_status_s outOfMemoryStatus = {TILE_OUT_OF_MEMORY,
                                   "out of memory while reporting an error"};
} // namespace

tile_status_t mlir::tile::rt::makeStatus(tile_status_code_t code,
                                         const std::string &message) {
  size_t size = sizeof(tile_status_s) + message.size() + 1;
  void *block = std::malloc(size);
  if (!block)
    return &outOfMemoryStatus;
  auto *status = static_cast<tile_status_s *>(block);
  char *text = static_cast<char *>(block) + sizeof(tile_status_s);
  std::memcpy(text, message.c_str(), message.size() + 1);
  status->code = code;
  status->message = text;
  return status;
}

extern "C" {

tile_status_code_t tile_status_code(tile_status_t status) {
  return status ? status->code : TILE_OK;
}

const char *tile_status_message(tile_status_t status) {
  return status ? status->message : "ok";
}

void tile_status_free(tile_status_t status) {
  if (status && status != &outOfMemoryStatus)
    std::free(status);
}

const char *tile_status_code_name(tile_status_code_t code) {
  // Copied as an int: a C caller may pass any value, which C++ may not read
  // as the enum.
  int raw;
  static_assert(sizeof(raw) == sizeof(code), "C enums are int-sized");
  std::memcpy(&raw, &code, sizeof(raw));
  switch (raw) {
  case TILE_OK:
    return "OK";
  case TILE_INVALID_ARGUMENT:
    return "INVALID_ARGUMENT";
  case TILE_NOT_FOUND:
    return "NOT_FOUND";
  case TILE_NO_DEVICE:
    return "NO_DEVICE";
  case TILE_OUT_OF_MEMORY:
    return "OUT_OF_MEMORY";
  case TILE_CORRUPT_ARTIFACT:
    return "CORRUPT_ARTIFACT";
  case TILE_WRONG_TARGET:
    return "WRONG_TARGET";
  case TILE_LAUNCH_FAILED:
    return "LAUNCH_FAILED";
  case TILE_UNSUPPORTED:
    return "UNSUPPORTED";
  case TILE_INTERNAL:
    return "INTERNAL";
  }
  return "UNKNOWN";
}

} // extern "C"
