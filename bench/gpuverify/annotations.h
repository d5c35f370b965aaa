// GPUVerify's specification annotations, defined away so that its benchmark
// kernels parse as plain CUDA (they are not CUDA: GPUVerify's own headers
// give them meaning for its verifier). Written for bench/gpuverify.py.
#pragma once
#define __requires(...) 0
#define __ensures(...) 0
#define __global_invariant(...) 0
#define __invariant(...) 0
#define __function_wide_invariant(...) 0
#define __assert(...) 0
#define __assume(...) 0
#define __implies(...) 0
#define __write_implies(...) 0
#define __read_implies(...) 0
#define __write_offset_bytes(...) 0
#define __read_offset_bytes(...) 0
#define __ptr_offset_bytes(...) 0
#define __ptr_base(...) 0
#define __write(...) 0
#define __read(...) 0
#define __no_read(...) 0
#define __no_write(...) 0
#define __other_int(x) (x)
#define __other_bool(x) (x)
#define __enabled() 1
#define __same_group 1
#define __uniform_int(x) 1
#define __uniform_bool(x) 1
#define __distinct_int(x) 1
#define __add_noovfl(a, b) ((a) + (b))
#define __mul_noovfl(a, b) ((a) * (b))
