# TileMLIR.cmake - finds Debian's LLVM/MLIR 22 and defines the helpers the
# compiler's libraries use.
set(MLIR_DIR "/usr/lib/llvm-22/lib/cmake/mlir" CACHE PATH "MLIR's CMake package")
find_package(MLIR REQUIRED CONFIG)
if(NOT LLVM_VERSION_MAJOR EQUAL 22)
  message(FATAL_ERROR "The tile compiler needs LLVM/MLIR 22, found "
                      "${LLVM_PACKAGE_VERSION} in ${MLIR_DIR}")
endif()
message(STATUS "Using MLIR ${LLVM_PACKAGE_VERSION} from ${MLIR_DIR}")

list(APPEND CMAKE_MODULE_PATH ${MLIR_CMAKE_DIR} ${LLVM_CMAKE_DIR})
include(TableGen)
include(AddLLVM)
include(AddMLIR)

include_directories(SYSTEM ${LLVM_INCLUDE_DIRS} ${MLIR_INCLUDE_DIRS})
add_definitions(${LLVM_DEFINITIONS})
link_directories(${LLVM_LIBRARY_DIR})

# Debian's LLVM is built without RTTI and exceptions; match it.
if(NOT LLVM_ENABLE_RTTI)
  add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-fno-rtti>)
endif()

# lld links the tools several times faster than ld.bfd.
find_program(TILE_LLD ld.lld HINTS ${LLVM_TOOLS_BINARY_DIR})
if(TILE_LLD AND CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  add_link_options(-fuse-ld=lld)
endif()

# Debian's lit wrapper lives beside FileCheck; AddLLVM otherwise looks for a
# non-existent "/llvm-lit".
set(LLVM_EXTERNAL_LIT "${LLVM_TOOLS_BINARY_DIR}/lit" CACHE FILEPATH "lit")
set(TILE_TOOLS_DIR "${LLVM_TOOLS_BINARY_DIR}")

# tile_add_library(name SRCS... [DEPENDS tgt...] [LINK tgt...])
# A static library of the compiler, linked against the shared libMLIR and
# libLLVM so that tools link in seconds on small machines. It is installed and
# exported (cmake/TileInstall.cmake) as Tile::<name without "Tile">, or
# Tile::<name> where that would read badly (Tile::TileIR, Tile::TileToGPU).
function(tile_add_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_link_libraries(${name} PUBLIC ${ARG_LINK} MLIR LLVM)
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${TILE_SOURCE_INCLUDE_DIR}>
    $<BUILD_INTERFACE:${TILE_BINARY_INCLUDE_DIR}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_include_directories(${name} SYSTEM PUBLIC
    $<BUILD_INTERFACE:${MLIR_INCLUDE_DIRS}> $<BUILD_INTERFACE:${LLVM_INCLUDE_DIRS}>)
  string(REGEX REPLACE "^Tile" "" export_name ${name})
  if(export_name STREQUAL "IR" OR export_name MATCHES "^To")
    set(export_name ${name})
  endif()
  # Position-independent: libtile_capi.so is made of these libraries.
  set_target_properties(${name} PROPERTIES EXPORT_NAME ${export_name}
                                           POSITION_INDEPENDENT_CODE ON)
  set_property(GLOBAL APPEND PROPERTY TILE_EXPORTED_TARGETS ${name})
endfunction()

# tile_tablegen(target td OUT-PREFIX ARGS...)
# Runs mlir-tblgen on a .td file of this repository, writing the output beside
# it in the build tree.
macro(tile_tablegen td out)
  set(LLVM_TARGET_DEFINITIONS ${td})
  mlir_tablegen(${out} ${ARGN})
endmacro()
