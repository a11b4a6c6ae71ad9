// Small IR passes the loader runs on every module before the interpreter reads it
// (loadModule, Frontend.cpp), one function each.
//
// Contract: each pass changes the module in place, throws nothing and leaves what it does not
// recognise as it was (validation, at load, then refuses what the interpreter cannot run).
// They are not idempotent (copyByValParameters would copy twice): the loader runs each once,
// in a fixed order; volatileAsRelaxedSystem and laneRegistersAsQueries run on a CUDA compile's
// device module only, before linkCuda. isStreamOutput is a pure test of a name.
#pragma once

#include <llvm/IR/Module.h>

namespace scopemc {

/// Constant expressions the interpreter would have to take apart (a vector bitcast read a
/// byte at a time: `extractelement (bitcast <4 x i32> ... to <16 x i8>), 4`) folded into
/// plain constants, as far as LLVM's constant folder can.
void foldConstantExpressions(llvm::Module &m);

/// A `byval` parameter is the callee's own copy of the caller's object (LLVM LangRef): each
/// defined function copies such parameters into a local of its own at entry and uses that,
/// so that writes to it stay in the callee (a struct kernel argument is per work-item).
void copyByValParameters(llvm::Module &m);

/// CUDA device code's `volatile` loads and stores become relaxed atomics of system scope: the
/// PTX ISA gives `ld.volatile`/`st.volatile` (what Clang emits for them) the memory semantics
/// of `.relaxed.sys`, so two volatile accesses do not race (docs/cuda.md). Accesses of a scalar
/// type (integer, floating point, pointer) of 1, 2, 4 or 8 bytes; others stay plain. Run on the
/// device module only: on the host and in C, OpenCL C and C++ a volatile access is plain.
void volatileAsRelaxedSystem(llvm::Module &device);

/// PTX inline assembly that reads a lane register of the caller's warp (`asm("mov.u32 %0,
/// %%laneid;" : "=r"(x))`, and %lanemask_lt, _le, _gt, _ge, _eq) becomes the thread query
/// of the same value (__scopemc_id, include/scopemc/api.h), which every analysis knows as
/// the thread's own. Run on the device module; other inline assembly stays and is refused.
void laneRegistersAsQueries(llvm::Module &device);

/// GPUMC's `__VERIFIER_ret_CAS()`: the next compare-and-swap returns the value it read (as
/// PTX atom.cas does) instead of C11's success flag. Clang turns the flag into the result
/// through a _Bool (zext to i8, trunc to i1); each use of that i1 gets the old value
/// instead: widened or narrowed where it becomes an integer, compared with zero where it is
/// a condition.
void applyRetCas(llvm::Module &m);

/// Whether a C++ function is part of <iostream>'s output (std::cout << x << std::endl):
/// operators and members of std::basic_ostream and the manipulators. Their effect is output
/// only; the interpreter models them as returning the stream they were given.
bool isStreamOutput(llvm::StringRef mangledName);

/// Output streams' functions the headers define inline (std::endl, operator<< templates)
/// lose their bodies, so that the interpreter's model of stream output applies to them.
void dropStreamOutputBodies(llvm::Module &m);

} // namespace scopemc
