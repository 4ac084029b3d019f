# TileInstall.cmake - what `cmake --install` puts under the prefix, and the
# CMake package (TileConfig.cmake) that finds it, installed and in the build
# tree:
#   include/tile/..., tile-c/   headers by the names the sources use, the
#                               generated .inc files and the .td files
#   lib/                        the compiler's static libraries, the runtime
#                               (static, and libtile_runtime.so for C hosts)
#   lib/cmake/tile/             TileConfig.cmake, TileConfigVersion.cmake and
#                               the exported targets Tile::*
#   lib/pkgconfig/              tile_runtime.pc
#   lib/python3/dist-packages/  tile_runtime, the Python package
#   bin/                        tile-opt, tile-compile, tile-run, tile-check
include(CMakePackageConfigHelpers)

set(TILE_INSTALL_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/tile)

set_target_properties(TileArtifact PROPERTIES EXPORT_NAME Artifact)
set_target_properties(TileRuntime PROPERTIES EXPORT_NAME Runtime)
set_target_properties(tile_runtime PROPERTIES EXPORT_NAME RuntimeShared)
set(tile_targets TileArtifact TileRuntime tile_runtime)
if(TILE_BUILD_COMPILER)
  get_property(compiler_targets GLOBAL PROPERTY TILE_EXPORTED_TARGETS)
  list(APPEND tile_targets ${compiler_targets})
endif()
install(TARGETS ${tile_targets} EXPORT TileTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

set(tools tile-run)
if(TILE_BUILD_COMPILER)
  list(APPEND tools tile-opt tile-compile tile-check tile-reduce tile-lsp-server)
endif()
install(TARGETS ${tools} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# Headers: the public runtime header, the artifact format, and every header
# and .td file of the compiler with its generated .inc files, under the names
# of TILE_HEADER_DIRS.
install(FILES runtime/include/tile/runtime.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tile)
install(FILES runtime/artifact.h runtime/LaunchGrid.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tile/Runtime)
if(TILE_BUILD_COMPILER)
  foreach(entry ${TILE_HEADER_DIRS})
    string(REPLACE "=" ";" entry "${entry}")
    list(GET entry 0 name)
    list(GET entry 1 dir)
    if(name STREQUAL "tile/Runtime")
      continue()
    endif()
    # targets/CAPI is tile-c/, not tile/Target/CAPI.
    set(exclude)
    if(name STREQUAL "tile/Target")
      set(exclude PATTERN "CAPI" EXCLUDE)
    endif()
    install(DIRECTORY ${PROJECT_SOURCE_DIR}/${dir}/
            DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/${name}
            FILES_MATCHING PATTERN "*.h" PATTERN "*.td" ${exclude})
    install(DIRECTORY ${PROJECT_BINARY_DIR}/${dir}/
            DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/${name}
            FILES_MATCHING PATTERN "*.inc" PATTERN "CMakeFiles" EXCLUDE)
  endforeach()
endif()

# The Python package over libtile_runtime.so, which it finds in lib/.
install(DIRECTORY runtime/python/tile_runtime
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/python3/dist-packages
        PATTERN "__pycache__" EXCLUDE)

install(FILES ${PROJECT_BINARY_DIR}/lib/pkgconfig/tile_runtime.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The package: one TileConfig.cmake for the installed tree and one for the
# build tree, each including its own TileTargets.cmake.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/lib/cmake/tile/TileConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
set(TILE_PACKAGE_MLIR_VERSION "${LLVM_PACKAGE_VERSION}")
set(TILE_PACKAGE_HAS_COMPILER ${TILE_BUILD_COMPILER})
configure_package_config_file(cmake/TileConfig.cmake.in
  ${PROJECT_BINARY_DIR}/lib/cmake/tile/TileConfig.cmake
  INSTALL_DESTINATION ${TILE_INSTALL_CMAKE_DIR})
install(FILES ${PROJECT_BINARY_DIR}/lib/cmake/tile/TileConfig.cmake
              ${PROJECT_BINARY_DIR}/lib/cmake/tile/TileConfigVersion.cmake
        DESTINATION ${TILE_INSTALL_CMAKE_DIR})
install(EXPORT TileTargets NAMESPACE Tile:: DESTINATION ${TILE_INSTALL_CMAKE_DIR})
export(EXPORT TileTargets NAMESPACE Tile::
       FILE ${PROJECT_BINARY_DIR}/lib/cmake/tile/TileTargets.cmake)
