CMakeFiles/manipdyn.dir/src/serial/kinematics.cpp.o: \
 /work/main/src/serial/kinematics.cpp /usr/include/stdc-predef.h \
 /work/main/include/manipdyn/serial/kinematics.hpp \
 /work/main/include/manipdyn/serial/data.hpp \
 /work/main/include/manipdyn/core/types.hpp /usr/include/c++/12/vector \
 /usr/include/c++/12/bits/stl_algobase.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/c++config.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/os_defines.h \
 /usr/include/features.h /usr/include/features-time64.h \
 /usr/include/x86_64-linux-gnu/bits/wordsize.h \
 /usr/include/x86_64-linux-gnu/bits/timesize.h \
 /usr/include/x86_64-linux-gnu/sys/cdefs.h \
 /usr/include/x86_64-linux-gnu/bits/long-double.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs-64.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/cpu_defines.h \
 /usr/include/c++/12/pstl/pstl_config.h \
 /usr/include/c++/12/bits/functexcept.h \
 /usr/include/c++/12/bits/exception_defines.h \
 /usr/include/c++/12/bits/cpp_type_traits.h \
 /usr/include/c++/12/ext/type_traits.h \
 /usr/include/c++/12/ext/numeric_traits.h \
 /usr/include/c++/12/bits/stl_pair.h /usr/include/c++/12/type_traits \
 /usr/include/c++/12/bits/move.h /usr/include/c++/12/bits/utility.h \
 /usr/include/c++/12/compare /usr/include/c++/12/concepts \
 /usr/include/c++/12/bits/stl_iterator_base_types.h \
 /usr/include/c++/12/bits/iterator_concepts.h \
 /usr/include/c++/12/bits/ptr_traits.h \
 /usr/include/c++/12/bits/ranges_cmp.h \
 /usr/include/c++/12/bits/stl_iterator_base_funcs.h \
 /usr/include/c++/12/bits/concept_check.h \
 /usr/include/c++/12/debug/assertions.h \
 /usr/include/c++/12/bits/stl_iterator.h /usr/include/c++/12/new \
 /usr/include/c++/12/bits/exception.h \
 /usr/include/c++/12/bits/stl_construct.h \
 /usr/include/c++/12/debug/debug.h \
 /usr/include/c++/12/bits/predefined_ops.h \
 /usr/include/c++/12/bits/allocator.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/c++allocator.h \
 /usr/include/c++/12/bits/new_allocator.h \
 /usr/include/c++/12/bits/memoryfwd.h \
 /usr/include/c++/12/bits/stl_uninitialized.h \
 /usr/include/c++/12/ext/alloc_traits.h \
 /usr/include/c++/12/bits/alloc_traits.h \
 /usr/include/c++/12/bits/stl_vector.h \
 /usr/include/c++/12/initializer_list \
 /usr/include/c++/12/bits/stl_bvector.h \
 /usr/include/c++/12/bits/functional_hash.h \
 /usr/include/c++/12/bits/hash_bytes.h /usr/include/c++/12/bits/refwrap.h \
 /usr/include/c++/12/bits/invoke.h \
 /usr/include/c++/12/bits/stl_function.h \
 /usr/include/c++/12/backward/binders.h \
 /usr/include/c++/12/bits/range_access.h \
 /usr/include/c++/12/bits/vector.tcc /usr/include/eigen3/Eigen/Core \
 /usr/include/eigen3/Eigen/src/Core/util/DisableStupidWarnings.h \
 /usr/include/eigen3/Eigen/src/Core/util/Macros.h \
 /usr/include/c++/12/cmath /usr/include/math.h \
 /usr/include/x86_64-linux-gnu/bits/libc-header-start.h \
 /usr/include/x86_64-linux-gnu/bits/types.h \
 /usr/include/x86_64-linux-gnu/bits/typesizes.h \
 /usr/include/x86_64-linux-gnu/bits/time64.h \
 /usr/include/x86_64-linux-gnu/bits/math-vector.h \
 /usr/include/x86_64-linux-gnu/bits/libm-simd-decl-stubs.h \
 /usr/include/x86_64-linux-gnu/bits/floatn.h \
 /usr/include/x86_64-linux-gnu/bits/floatn-common.h \
 /usr/include/x86_64-linux-gnu/bits/flt-eval-method.h \
 /usr/include/x86_64-linux-gnu/bits/fp-logb.h \
 /usr/include/x86_64-linux-gnu/bits/fp-fast.h \
 /usr/include/x86_64-linux-gnu/bits/mathcalls-helper-functions.h \
 /usr/include/x86_64-linux-gnu/bits/mathcalls.h \
 /usr/include/x86_64-linux-gnu/bits/mathcalls-narrow.h \
 /usr/include/x86_64-linux-gnu/bits/iscanonical.h \
 /usr/include/c++/12/bits/std_abs.h /usr/include/stdlib.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \
 /usr/include/x86_64-linux-gnu/bits/waitflags.h \
 /usr/include/x86_64-linux-gnu/bits/waitstatus.h \
 /usr/include/x86_64-linux-gnu/bits/types/locale_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__locale_t.h \
 /usr/include/x86_64-linux-gnu/sys/types.h \
 /usr/include/x86_64-linux-gnu/bits/types/clock_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/clockid_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/time_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/timer_t.h \
 /usr/include/x86_64-linux-gnu/bits/stdint-intn.h /usr/include/endian.h \
 /usr/include/x86_64-linux-gnu/bits/endian.h \
 /usr/include/x86_64-linux-gnu/bits/endianness.h \
 /usr/include/x86_64-linux-gnu/bits/byteswap.h \
 /usr/include/x86_64-linux-gnu/bits/uintn-identity.h \
 /usr/include/x86_64-linux-gnu/sys/select.h \
 /usr/include/x86_64-linux-gnu/bits/select.h \
 /usr/include/x86_64-linux-gnu/bits/types/sigset_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__sigset_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_timeval.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_timespec.h \
 /usr/include/x86_64-linux-gnu/bits/pthreadtypes.h \
 /usr/include/x86_64-linux-gnu/bits/thread-shared-types.h \
 /usr/include/x86_64-linux-gnu/bits/pthreadtypes-arch.h \
 /usr/include/x86_64-linux-gnu/bits/atomic_wide_counter.h \
 /usr/include/x86_64-linux-gnu/bits/struct_mutex.h \
 /usr/include/x86_64-linux-gnu/bits/struct_rwlock.h /usr/include/alloca.h \
 /usr/include/x86_64-linux-gnu/bits/stdlib-bsearch.h \
 /usr/include/x86_64-linux-gnu/bits/stdlib-float.h \
 /usr/include/c++/12/bits/specfun.h /usr/include/c++/12/limits \
 /usr/include/c++/12/tr1/gamma.tcc \
 /usr/include/c++/12/tr1/special_function_util.h \
 /usr/include/c++/12/tr1/bessel_function.tcc \
 /usr/include/c++/12/tr1/beta_function.tcc \
 /usr/include/c++/12/tr1/ell_integral.tcc \
 /usr/include/c++/12/tr1/exp_integral.tcc \
 /usr/include/c++/12/tr1/hypergeometric.tcc \
 /usr/include/c++/12/tr1/legendre_function.tcc \
 /usr/include/c++/12/tr1/modified_bessel_func.tcc \
 /usr/include/c++/12/tr1/poly_hermite.tcc \
 /usr/include/c++/12/tr1/poly_laguerre.tcc \
 /usr/include/c++/12/tr1/riemann_zeta.tcc \
 /usr/include/eigen3/Eigen/src/Core/util/ConfigureVectorization.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/mmintrin.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/emmintrin.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/xmmintrin.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/mm_malloc.h \
 /usr/include/c++/12/stdlib.h /usr/include/c++/12/cstdlib \
 /usr/include/c++/12/complex /usr/include/c++/12/sstream \
 /usr/include/c++/12/istream /usr/include/c++/12/ios \
 /usr/include/c++/12/iosfwd /usr/include/c++/12/bits/stringfwd.h \
 /usr/include/c++/12/bits/postypes.h /usr/include/c++/12/cwchar \
 /usr/include/wchar.h /usr/lib/gcc/x86_64-linux-gnu/12/include/stdarg.h \
 /usr/include/x86_64-linux-gnu/bits/wchar.h \
 /usr/include/x86_64-linux-gnu/bits/types/wint_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/mbstate_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__mbstate_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__FILE.h \
 /usr/include/x86_64-linux-gnu/bits/types/FILE.h \
 /usr/include/c++/12/exception /usr/include/c++/12/bits/exception_ptr.h \
 /usr/include/c++/12/bits/cxxabi_init_exception.h \
 /usr/include/c++/12/typeinfo /usr/include/c++/12/bits/nested_exception.h \
 /usr/include/c++/12/bits/char_traits.h /usr/include/c++/12/cstdint \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdint.h /usr/include/stdint.h \
 /usr/include/x86_64-linux-gnu/bits/stdint-uintn.h \
 /usr/include/c++/12/bits/localefwd.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/c++locale.h \
 /usr/include/c++/12/clocale /usr/include/locale.h \
 /usr/include/x86_64-linux-gnu/bits/locale.h /usr/include/c++/12/cctype \
 /usr/include/ctype.h /usr/include/c++/12/bits/ios_base.h \
 /usr/include/c++/12/ext/atomicity.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/gthr.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/gthr-default.h \
 /usr/include/pthread.h /usr/include/sched.h \
 /usr/include/x86_64-linux-gnu/bits/sched.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_sched_param.h \
 /usr/include/x86_64-linux-gnu/bits/cpu-set.h /usr/include/time.h \
 /usr/include/x86_64-linux-gnu/bits/time.h \
 /usr/include/x86_64-linux-gnu/bits/timex.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_tm.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_itimerspec.h \
 /usr/include/x86_64-linux-gnu/bits/setjmp.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct___jmp_buf_tag.h \
 /usr/include/x86_64-linux-gnu/bits/pthread_stack_min-dynamic.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/atomic_word.h \
 /usr/include/x86_64-linux-gnu/sys/single_threaded.h \
 /usr/include/c++/12/bits/locale_classes.h /usr/include/c++/12/string \
 /usr/include/c++/12/bits/ostream_insert.h \
 /usr/include/c++/12/bits/cxxabi_forced.h \
 /usr/include/c++/12/bits/basic_string.h /usr/include/c++/12/string_view \
 /usr/include/c++/12/bits/ranges_base.h \
 /usr/include/c++/12/bits/max_size_type.h /usr/include/c++/12/numbers \
 /usr/include/c++/12/bits/string_view.tcc \
 /usr/include/c++/12/ext/string_conversions.h /usr/include/c++/12/cstdio \
 /usr/include/stdio.h /usr/include/x86_64-linux-gnu/bits/types/__fpos_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__fpos64_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_FILE.h \
 /usr/include/x86_64-linux-gnu/bits/types/cookie_io_functions_t.h \
 /usr/include/x86_64-linux-gnu/bits/stdio_lim.h \
 /usr/include/x86_64-linux-gnu/bits/stdio.h /usr/include/c++/12/cerrno \
 /usr/include/errno.h /usr/include/x86_64-linux-gnu/bits/errno.h \
 /usr/include/linux/errno.h /usr/include/x86_64-linux-gnu/asm/errno.h \
 /usr/include/asm-generic/errno.h /usr/include/asm-generic/errno-base.h \
 /usr/include/x86_64-linux-gnu/bits/types/error_t.h \
 /usr/include/c++/12/bits/charconv.h \
 /usr/include/c++/12/bits/basic_string.tcc \
 /usr/include/c++/12/bits/locale_classes.tcc \
 /usr/include/c++/12/system_error \
 /usr/include/x86_64-linux-gnu/c++/12/bits/error_constants.h \
 /usr/include/c++/12/stdexcept /usr/include/c++/12/streambuf \
 /usr/include/c++/12/bits/streambuf.tcc \
 /usr/include/c++/12/bits/basic_ios.h \
 /usr/include/c++/12/bits/locale_facets.h /usr/include/c++/12/cwctype \
 /usr/include/wctype.h /usr/include/x86_64-linux-gnu/bits/wctype-wchar.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/ctype_base.h \
 /usr/include/c++/12/bits/streambuf_iterator.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/ctype_inline.h \
 /usr/include/c++/12/bits/locale_facets.tcc \
 /usr/include/c++/12/bits/basic_ios.tcc /usr/include/c++/12/ostream \
 /usr/include/c++/12/bits/ostream.tcc \
 /usr/include/c++/12/bits/istream.tcc \
 /usr/include/c++/12/bits/sstream.tcc \
 /usr/include/eigen3/Eigen/src/Core/util/MKL_support.h \
 /usr/include/c++/12/cstddef /usr/include/c++/12/cassert \
 /usr/include/assert.h /usr/include/c++/12/functional \
 /usr/include/c++/12/tuple /usr/include/c++/12/bits/uses_allocator.h \
 /usr/include/c++/12/bits/std_function.h \
 /usr/include/c++/12/unordered_map \
 /usr/include/c++/12/ext/aligned_buffer.h \
 /usr/include/c++/12/bits/hashtable.h \
 /usr/include/c++/12/bits/hashtable_policy.h \
 /usr/include/c++/12/bits/enable_special_members.h \
 /usr/include/c++/12/bits/node_handle.h \
 /usr/include/c++/12/bits/unordered_map.h \
 /usr/include/c++/12/bits/erase_if.h /usr/include/c++/12/array \
 /usr/include/c++/12/bits/stl_algo.h \
 /usr/include/c++/12/bits/algorithmfwd.h \
 /usr/include/c++/12/bits/stl_heap.h \
 /usr/include/c++/12/bits/stl_tempbuf.h \
 /usr/include/c++/12/bits/uniform_int_dist.h /usr/include/c++/12/cstring \
 /usr/include/string.h /usr/include/strings.h /usr/include/c++/12/climits \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/limits.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/syslimits.h \
 /usr/include/limits.h /usr/include/x86_64-linux-gnu/bits/posix1_lim.h \
 /usr/include/x86_64-linux-gnu/bits/local_lim.h \
 /usr/include/linux/limits.h \
 /usr/include/x86_64-linux-gnu/bits/posix2_lim.h \
 /usr/include/x86_64-linux-gnu/bits/xopen_lim.h \
 /usr/include/x86_64-linux-gnu/bits/uio_lim.h \
 /usr/include/c++/12/algorithm /usr/include/c++/12/bits/ranges_algo.h \
 /usr/include/c++/12/bits/ranges_algobase.h \
 /usr/include/c++/12/bits/ranges_util.h \
 /usr/include/c++/12/pstl/glue_algorithm_defs.h \
 /usr/include/c++/12/pstl/execution_defs.h \
 /usr/include/eigen3/Eigen/src/Core/util/Constants.h \
 /usr/include/eigen3/Eigen/src/Core/util/Meta.h \
 /usr/include/eigen3/Eigen/src/Core/util/ForwardDeclarations.h \
 /usr/include/eigen3/Eigen/src/Core/util/StaticAssert.h \
 /usr/include/eigen3/Eigen/src/Core/util/XprHelper.h \
 /usr/include/eigen3/Eigen/src/Core/util/Memory.h \
 /usr/include/eigen3/Eigen/src/Core/util/IntegralConstant.h \
 /usr/include/eigen3/Eigen/src/Core/util/SymbolicIndex.h \
 /usr/include/eigen3/Eigen/src/Core/NumTraits.h \
 /usr/include/eigen3/Eigen/src/Core/MathFunctions.h \
 /usr/include/eigen3/Eigen/src/Core/GenericPacketMath.h \
 /usr/include/eigen3/Eigen/src/Core/MathFunctionsImpl.h \
 /usr/include/eigen3/Eigen/src/Core/arch/Default/ConjHelper.h \
 /usr/include/eigen3/Eigen/src/Core/arch/Default/Half.h \
 /usr/include/eigen3/Eigen/src/Core/arch/Default/BFloat16.h \
 /usr/include/eigen3/Eigen/src/Core/arch/Default/TypeCasting.h \
 /usr/include/eigen3/Eigen/src/Core/arch/Default/GenericPacketMathFunctionsFwd.h \
 /usr/include/eigen3/Eigen/src/Core/arch/SSE/PacketMath.h \
 /usr/include/eigen3/Eigen/src/Core/arch/SSE/TypeCasting.h \
 /usr/include/eigen3/Eigen/src/Core/arch/SSE/MathFunctions.h \
 /usr/include/eigen3/Eigen/src/Core/arch/SSE/Complex.h \
 /usr/include/eigen3/Eigen/src/Core/arch/Default/Settings.h \
 /usr/include/eigen3/Eigen/src/Core/arch/Default/GenericPacketMathFunctions.h \
 /usr/include/eigen3/Eigen/src/Core/functors/TernaryFunctors.h \
 /usr/include/eigen3/Eigen/src/Core/functors/BinaryFunctors.h \
 /usr/include/eigen3/Eigen/src/Core/functors/UnaryFunctors.h \
 /usr/include/eigen3/Eigen/src/Core/functors/NullaryFunctors.h \
 /usr/include/eigen3/Eigen/src/Core/functors/StlFunctors.h \
 /usr/include/eigen3/Eigen/src/Core/functors/AssignmentFunctors.h \
 /usr/include/eigen3/Eigen/src/Core/util/IndexedViewHelper.h \
 /usr/include/eigen3/Eigen/src/Core/util/ReshapedHelper.h \
 /usr/include/eigen3/Eigen/src/Core/ArithmeticSequence.h \
 /usr/include/eigen3/Eigen/src/Core/IO.h \
 /usr/include/eigen3/Eigen/src/Core/DenseCoeffsBase.h \
 /usr/include/eigen3/Eigen/src/Core/DenseBase.h \
 /usr/include/eigen3/Eigen/src/plugins/CommonCwiseUnaryOps.h \
 /usr/include/eigen3/Eigen/src/plugins/BlockMethods.h \
 /usr/include/eigen3/Eigen/src/plugins/IndexedViewMethods.h \
 /usr/include/eigen3/Eigen/src/plugins/IndexedViewMethods.h \
 /usr/include/eigen3/Eigen/src/plugins/ReshapedMethods.h \
 /usr/include/eigen3/Eigen/src/plugins/ReshapedMethods.h \
 /usr/include/eigen3/Eigen/src/Core/MatrixBase.h \
 /usr/include/eigen3/Eigen/src/plugins/CommonCwiseBinaryOps.h \
 /usr/include/eigen3/Eigen/src/plugins/MatrixCwiseUnaryOps.h \
 /usr/include/eigen3/Eigen/src/plugins/MatrixCwiseBinaryOps.h \
 /usr/include/eigen3/Eigen/src/Core/EigenBase.h \
 /usr/include/eigen3/Eigen/src/Core/Product.h \
 /usr/include/eigen3/Eigen/src/Core/CoreEvaluators.h \
 /usr/include/eigen3/Eigen/src/Core/AssignEvaluator.h \
 /usr/include/eigen3/Eigen/src/Core/Assign.h \
 /usr/include/eigen3/Eigen/src/Core/ArrayBase.h \
 /usr/include/eigen3/Eigen/src/plugins/ArrayCwiseUnaryOps.h \
 /usr/include/eigen3/Eigen/src/plugins/ArrayCwiseBinaryOps.h \
 /usr/include/eigen3/Eigen/src/Core/util/BlasUtil.h \
 /usr/include/eigen3/Eigen/src/Core/DenseStorage.h \
 /usr/include/eigen3/Eigen/src/Core/NestByValue.h \
 /usr/include/eigen3/Eigen/src/Core/ReturnByValue.h \
 /usr/include/eigen3/Eigen/src/Core/NoAlias.h \
 /usr/include/eigen3/Eigen/src/Core/PlainObjectBase.h \
 /usr/include/eigen3/Eigen/src/Core/Matrix.h \
 /usr/include/eigen3/Eigen/src/Core/Array.h \
 /usr/include/eigen3/Eigen/src/Core/CwiseTernaryOp.h \
 /usr/include/eigen3/Eigen/src/Core/CwiseBinaryOp.h \
 /usr/include/eigen3/Eigen/src/Core/CwiseUnaryOp.h \
 /usr/include/eigen3/Eigen/src/Core/CwiseNullaryOp.h \
 /usr/include/eigen3/Eigen/src/Core/CwiseUnaryView.h \
 /usr/include/eigen3/Eigen/src/Core/SelfCwiseBinaryOp.h \
 /usr/include/eigen3/Eigen/src/Core/Dot.h \
 /usr/include/eigen3/Eigen/src/Core/StableNorm.h \
 /usr/include/eigen3/Eigen/src/Core/Stride.h \
 /usr/include/eigen3/Eigen/src/Core/MapBase.h \
 /usr/include/eigen3/Eigen/src/Core/Map.h \
 /usr/include/eigen3/Eigen/src/Core/Ref.h \
 /usr/include/eigen3/Eigen/src/Core/Block.h \
 /usr/include/eigen3/Eigen/src/Core/VectorBlock.h \
 /usr/include/eigen3/Eigen/src/Core/IndexedView.h \
 /usr/include/eigen3/Eigen/src/Core/Reshaped.h \
 /usr/include/eigen3/Eigen/src/Core/Transpose.h \
 /usr/include/eigen3/Eigen/src/Core/DiagonalMatrix.h \
 /usr/include/eigen3/Eigen/src/Core/Diagonal.h \
 /usr/include/eigen3/Eigen/src/Core/DiagonalProduct.h \
 /usr/include/eigen3/Eigen/src/Core/Redux.h \
 /usr/include/eigen3/Eigen/src/Core/Visitor.h \
 /usr/include/eigen3/Eigen/src/Core/Fuzzy.h \
 /usr/include/eigen3/Eigen/src/Core/Swap.h \
 /usr/include/eigen3/Eigen/src/Core/CommaInitializer.h \
 /usr/include/eigen3/Eigen/src/Core/GeneralProduct.h \
 /usr/include/eigen3/Eigen/src/Core/Solve.h \
 /usr/include/eigen3/Eigen/src/Core/Inverse.h \
 /usr/include/eigen3/Eigen/src/Core/SolverBase.h \
 /usr/include/eigen3/Eigen/src/Core/PermutationMatrix.h \
 /usr/include/eigen3/Eigen/src/Core/Transpositions.h \
 /usr/include/eigen3/Eigen/src/Core/TriangularMatrix.h \
 /usr/include/eigen3/Eigen/src/Core/SelfAdjointView.h \
 /usr/include/eigen3/Eigen/src/Core/products/GeneralBlockPanelKernel.h \
 /usr/include/eigen3/Eigen/src/Core/products/Parallelizer.h \
 /usr/include/c++/12/atomic /usr/include/c++/12/bits/atomic_base.h \
 /usr/include/c++/12/bits/atomic_lockfree_defines.h \
 /usr/include/c++/12/bits/atomic_wait.h /usr/include/unistd.h \
 /usr/include/x86_64-linux-gnu/bits/posix_opt.h \
 /usr/include/x86_64-linux-gnu/bits/environments.h \
 /usr/include/x86_64-linux-gnu/bits/confname.h \
 /usr/include/x86_64-linux-gnu/bits/getopt_posix.h \
 /usr/include/x86_64-linux-gnu/bits/getopt_core.h \
 /usr/include/x86_64-linux-gnu/bits/unistd_ext.h \
 /usr/include/linux/close_range.h /usr/include/syscall.h \
 /usr/include/x86_64-linux-gnu/sys/syscall.h \
 /usr/include/x86_64-linux-gnu/asm/unistd.h \
 /usr/include/x86_64-linux-gnu/asm/unistd_64.h \
 /usr/include/x86_64-linux-gnu/bits/syscall.h \
 /usr/include/c++/12/bits/std_mutex.h \
 /usr/include/eigen3/Eigen/src/Core/ProductEvaluators.h \
 /usr/include/eigen3/Eigen/src/Core/products/GeneralMatrixVector.h \
 /usr/include/eigen3/Eigen/src/Core/products/GeneralMatrixMatrix.h \
 /usr/include/eigen3/Eigen/src/Core/SolveTriangular.h \
 /usr/include/eigen3/Eigen/src/Core/products/GeneralMatrixMatrixTriangular.h \
 /usr/include/eigen3/Eigen/src/Core/products/SelfadjointMatrixVector.h \
 /usr/include/eigen3/Eigen/src/Core/products/SelfadjointMatrixMatrix.h \
 /usr/include/eigen3/Eigen/src/Core/products/SelfadjointProduct.h \
 /usr/include/eigen3/Eigen/src/Core/products/SelfadjointRank2Update.h \
 /usr/include/eigen3/Eigen/src/Core/products/TriangularMatrixVector.h \
 /usr/include/eigen3/Eigen/src/Core/products/TriangularMatrixMatrix.h \
 /usr/include/eigen3/Eigen/src/Core/products/TriangularSolverMatrix.h \
 /usr/include/eigen3/Eigen/src/Core/products/TriangularSolverVector.h \
 /usr/include/eigen3/Eigen/src/Core/BandMatrix.h \
 /usr/include/eigen3/Eigen/src/Core/CoreIterators.h \
 /usr/include/eigen3/Eigen/src/Core/ConditionEstimator.h \
 /usr/include/eigen3/Eigen/src/Core/BooleanRedux.h \
 /usr/include/eigen3/Eigen/src/Core/Select.h \
 /usr/include/eigen3/Eigen/src/Core/VectorwiseOp.h \
 /usr/include/eigen3/Eigen/src/Core/PartialReduxEvaluator.h \
 /usr/include/eigen3/Eigen/src/Core/Random.h \
 /usr/include/eigen3/Eigen/src/Core/Replicate.h \
 /usr/include/eigen3/Eigen/src/Core/Reverse.h \
 /usr/include/eigen3/Eigen/src/Core/ArrayWrapper.h \
 /usr/include/eigen3/Eigen/src/Core/StlIterators.h \
 /usr/include/eigen3/Eigen/src/Core/GlobalFunctions.h \
 /usr/include/eigen3/Eigen/src/Core/util/ReenableStupidWarnings.h \
 /usr/include/eigen3/Eigen/StdVector /usr/include/eigen3/Eigen/Core \
 /usr/include/eigen3/Eigen/src/StlSupport/StdVector.h \
 /usr/include/eigen3/Eigen/src/StlSupport/details.h \
 /work/main/include/manipdyn/serial/model.hpp \
 /usr/include/eigen3/Eigen/Geometry /usr/include/eigen3/Eigen/SVD \
 /usr/include/eigen3/Eigen/QR /usr/include/eigen3/Eigen/Cholesky \
 /usr/include/eigen3/Eigen/Jacobi \
 /usr/include/eigen3/Eigen/src/Jacobi/Jacobi.h \
 /usr/include/eigen3/Eigen/src/Cholesky/LLT.h \
 /usr/include/eigen3/Eigen/src/Cholesky/LDLT.h \
 /usr/include/eigen3/Eigen/Householder \
 /usr/include/eigen3/Eigen/src/Householder/Householder.h \
 /usr/include/eigen3/Eigen/src/Householder/HouseholderSequence.h \
 /usr/include/eigen3/Eigen/src/Householder/BlockHouseholder.h \
 /usr/include/eigen3/Eigen/src/QR/HouseholderQR.h \
 /usr/include/eigen3/Eigen/src/QR/FullPivHouseholderQR.h \
 /usr/include/eigen3/Eigen/src/QR/ColPivHouseholderQR.h \
 /usr/include/eigen3/Eigen/src/QR/CompleteOrthogonalDecomposition.h \
 /usr/include/eigen3/Eigen/src/misc/RealSvd2x2.h \
 /usr/include/eigen3/Eigen/src/SVD/UpperBidiagonalization.h \
 /usr/include/eigen3/Eigen/src/SVD/SVDBase.h \
 /usr/include/eigen3/Eigen/src/SVD/JacobiSVD.h \
 /usr/include/eigen3/Eigen/src/SVD/BDCSVD.h /usr/include/eigen3/Eigen/LU \
 /usr/include/eigen3/Eigen/src/misc/Kernel.h \
 /usr/include/eigen3/Eigen/src/misc/Image.h \
 /usr/include/eigen3/Eigen/src/LU/FullPivLU.h \
 /usr/include/eigen3/Eigen/src/LU/PartialPivLU.h \
 /usr/include/eigen3/Eigen/src/LU/Determinant.h \
 /usr/include/eigen3/Eigen/src/LU/InverseImpl.h \
 /usr/include/eigen3/Eigen/src/LU/arch/InverseSize4.h \
 /usr/include/eigen3/Eigen/src/Geometry/OrthoMethods.h \
 /usr/include/eigen3/Eigen/src/Geometry/EulerAngles.h \
 /usr/include/eigen3/Eigen/src/Geometry/Homogeneous.h \
 /usr/include/eigen3/Eigen/src/Geometry/RotationBase.h \
 /usr/include/eigen3/Eigen/src/Geometry/Rotation2D.h \
 /usr/include/eigen3/Eigen/src/Geometry/Quaternion.h \
 /usr/include/eigen3/Eigen/src/Geometry/AngleAxis.h \
 /usr/include/eigen3/Eigen/src/Geometry/Transform.h \
 /usr/include/eigen3/Eigen/src/Geometry/Translation.h \
 /usr/include/eigen3/Eigen/src/Geometry/Scaling.h \
 /usr/include/eigen3/Eigen/src/Geometry/Hyperplane.h \
 /usr/include/eigen3/Eigen/src/Geometry/ParametrizedLine.h \
 /usr/include/eigen3/Eigen/src/Geometry/AlignedBox.h \
 /usr/include/eigen3/Eigen/src/Geometry/Umeyama.h \
 /usr/include/eigen3/Eigen/src/Geometry/arch/Geometry_SIMD.h \
 /work/main/include/manipdyn/core/check.hpp \
 /work/main/include/manipdyn/core/scalar_math.hpp \
 /work/main/include/manipdyn/core/counting_scalar.hpp \
 /work/main/include/manipdyn/serial/dh_transform.hpp
