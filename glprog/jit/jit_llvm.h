/*
 * jit/jit_llvm.h - LLVM 15's C API as the backend calls it: through
 * pointers that jit_llvm_load resolves when the backend starts, from
 * libLLVM-15 opened then (dlopen).  Private to glprog/jit/.
 *
 * libasmgl does not link libLLVM: loading it runs its relocations and
 * static constructors, about 18 ms, which a process that never compiles a
 * program (most: a program is compiled only once it is hot) would pay at
 * its start.  Include this instead of the llvm-c headers: after it, each
 * LLVM function name below stands for its pointer, so calls read as
 * LLVM's.  A function the backend starts to use goes on the list.
 */
#ifndef GLPROG_JIT_JIT_LLVM_H
#define GLPROG_JIT_JIT_LLVM_H

#include <stdbool.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <llvm-c/blake3.h>

/* Every LLVM function the backend calls (X-macro), but for the next list. */
#define JIT_LLVM_FUNCTIONS(X) \
    X(LLVMAddAttributeAtIndex) \
    X(LLVMAddFunction) \
    X(LLVMAddGlobal) \
    X(LLVMAppendBasicBlockInContext) \
    X(LLVMArrayType) \
    X(LLVMBuildAShr) \
    X(LLVMBuildAdd) \
    X(LLVMBuildAlloca) \
    X(LLVMBuildAnd) \
    X(LLVMBuildBitCast) \
    X(LLVMBuildBr) \
    X(LLVMBuildCall2) \
    X(LLVMBuildCondBr) \
    X(LLVMBuildFAdd) \
    X(LLVMBuildFCmp) \
    X(LLVMBuildFDiv) \
    X(LLVMBuildFMul) \
    X(LLVMBuildFPExt) \
    X(LLVMBuildFPToSI) \
    X(LLVMBuildFPToUI) \
    X(LLVMBuildFPTrunc) \
    X(LLVMBuildFSub) \
    X(LLVMBuildGEP2) \
    X(LLVMBuildICmp) \
    X(LLVMBuildInsertElement) \
    X(LLVMBuildLShr) \
    X(LLVMBuildLoad2) \
    X(LLVMBuildMemSet) \
    X(LLVMBuildMul) \
    X(LLVMBuildNot) \
    X(LLVMBuildOr) \
    X(LLVMBuildRetVoid) \
    X(LLVMBuildSDiv) \
    X(LLVMBuildSExt) \
    X(LLVMBuildSIToFP) \
    X(LLVMBuildSRem) \
    X(LLVMBuildSelect) \
    X(LLVMBuildShl) \
    X(LLVMBuildShuffleVector) \
    X(LLVMBuildStore) \
    X(LLVMBuildSub) \
    X(LLVMBuildTrunc) \
    X(LLVMBuildUDiv) \
    X(LLVMBuildUIToFP) \
    X(LLVMBuildURem) \
    X(LLVMBuildXor) \
    X(LLVMBuildZExt) \
    X(LLVMConstBitCast) \
    X(LLVMConstInt) \
    X(LLVMConstNull) \
    X(LLVMConstReal) \
    X(LLVMConstVector) \
    X(LLVMConsumeError) \
    X(LLVMContextCreate) \
    X(LLVMContextDispose) \
    X(LLVMCreateBuilderInContext) \
    X(LLVMCreateEnumAttribute) \
    X(LLVMCreateMemoryBufferWithMemoryRangeCopy) \
    X(LLVMCreatePassBuilderOptions) \
    X(LLVMCreateTargetMachine) \
    X(LLVMDisposeBuilder) \
    X(LLVMDisposeErrorMessage) \
    X(LLVMDisposeMemoryBuffer) \
    X(LLVMDisposeMessage) \
    X(LLVMDisposeModule) \
    X(LLVMDisposePassBuilderOptions) \
    X(LLVMDoubleTypeInContext) \
    X(LLVMFloatTypeInContext) \
    X(LLVMFunctionType) \
    X(LLVMGetBufferSize) \
    X(LLVMGetBufferStart) \
    X(LLVMGetDefaultTargetTriple) \
    X(LLVMGetEnumAttributeKindForName) \
    X(LLVMGetErrorMessage) \
    X(LLVMGetHostCPUFeatures) \
    X(LLVMGetHostCPUName) \
    X(LLVMGetIntrinsicDeclaration) \
    X(LLVMGetNamedFunction) \
    X(LLVMGetParam) \
    X(LLVMGetTargetFromTriple) \
    X(LLVMGetUndef) \
    X(LLVMInt16TypeInContext) \
    X(LLVMInt1TypeInContext) \
    X(LLVMInt32TypeInContext) \
    X(LLVMInt64TypeInContext) \
    X(LLVMInt8TypeInContext) \
    X(LLVMIntrinsicGetType) \
    X(LLVMLookupIntrinsicID) \
    X(LLVMModuleCreateWithNameInContext) \
    X(LLVMOrcAbsoluteSymbols) \
    X(LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess) \
    X(LLVMOrcCreateLLJIT) \
    X(LLVMOrcCreateLLJITBuilder) \
    X(LLVMOrcDisposeMaterializationUnit) \
    X(LLVMOrcJITDylibAddGenerator) \
    X(LLVMOrcJITDylibCreateResourceTracker) \
    X(LLVMOrcJITDylibDefine) \
    X(LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine) \
    X(LLVMOrcLLJITAddObjectFileWithRT) \
    X(LLVMOrcLLJITBuilderSetJITTargetMachineBuilder) \
    X(LLVMOrcLLJITGetDataLayoutStr) \
    X(LLVMOrcLLJITGetGlobalPrefix) \
    X(LLVMOrcLLJITGetMainJITDylib) \
    X(LLVMOrcLLJITGetTripleString) \
    X(LLVMOrcLLJITLookup) \
    X(LLVMOrcLLJITMangleAndIntern) \
    X(LLVMOrcReleaseResourceTracker) \
    X(LLVMOrcResourceTrackerRemove) \
    X(LLVMPointerTypeInContext) \
    X(LLVMPositionBuilderAtEnd) \
    X(LLVMRunPasses) \
    X(LLVMSetAlignment) \
    X(LLVMSetDataLayout) \
    X(LLVMSetTarget) \
    X(LLVMSetValueName2) \
    X(LLVMTargetMachineEmitToMemoryBuffer) \
    X(LLVMVectorType) \
    X(LLVMVerifyModule) \
    X(LLVMVoidTypeInContext) \
    X(LLVMWriteBitcodeToMemoryBuffer) \
    X(llvm_blake3_hasher_finalize) \
    X(llvm_blake3_hasher_init) \
    X(llvm_blake3_hasher_update)

/* The host target's initialisers, which LLVMInitializeNativeTarget and
 * LLVMInitializeNativeAsmPrinter (inline in llvm-c/Target.h) call: the
 * names llvm-config.h gives them (LLVMInitializeX86TargetInfo .. on
 * x86-64), called as jit_llvm.p_LLVM_NATIVE_TARGETINFO ..  None where LLVM
 * was built without the host's target: the backend does not start. */
#if defined(LLVM_NATIVE_TARGETINFO) && defined(LLVM_NATIVE_TARGET) && \
    defined(LLVM_NATIVE_TARGETMC) && defined(LLVM_NATIVE_ASMPRINTER)
#define JIT_LLVM_HAVE_NATIVE 1
#define JIT_LLVM_NATIVE(X) \
    X(LLVM_NATIVE_TARGETINFO) X(LLVM_NATIVE_TARGET) X(LLVM_NATIVE_TARGETMC) X(LLVM_NATIVE_ASMPRINTER)
#else
#define JIT_LLVM_HAVE_NATIVE 0
#define JIT_LLVM_NATIVE(X)
#endif

typedef struct jit_llvm_api {
#define JIT_LLVM_MEMBER(name) __typeof__(name) *p_##name;
    JIT_LLVM_FUNCTIONS(JIT_LLVM_MEMBER)
    JIT_LLVM_NATIVE(JIT_LLVM_MEMBER)
#undef JIT_LLVM_MEMBER
} jit_llvm_api;

/* The pointers (p_ and the function's name), set by jit_llvm_load. */
extern jit_llvm_api jit_llvm;

/* Opens libLLVM-15 and resolves every function above; once per process
 * (later calls return the first's answer), any thread.  False when the
 * library or a function is missing: the backend does not start (why goes
 * to stderr with ASMGL_JIT_DEBUG=1, through debug). */
bool jit_llvm_load(bool debug);

#define LLVMAddAttributeAtIndex (jit_llvm.p_LLVMAddAttributeAtIndex)
#define LLVMAddFunction (jit_llvm.p_LLVMAddFunction)
#define LLVMAddGlobal (jit_llvm.p_LLVMAddGlobal)
#define LLVMAppendBasicBlockInContext (jit_llvm.p_LLVMAppendBasicBlockInContext)
#define LLVMArrayType (jit_llvm.p_LLVMArrayType)
#define LLVMBuildAShr (jit_llvm.p_LLVMBuildAShr)
#define LLVMBuildAdd (jit_llvm.p_LLVMBuildAdd)
#define LLVMBuildAlloca (jit_llvm.p_LLVMBuildAlloca)
#define LLVMBuildAnd (jit_llvm.p_LLVMBuildAnd)
#define LLVMBuildBitCast (jit_llvm.p_LLVMBuildBitCast)
#define LLVMBuildBr (jit_llvm.p_LLVMBuildBr)
#define LLVMBuildCall2 (jit_llvm.p_LLVMBuildCall2)
#define LLVMBuildCondBr (jit_llvm.p_LLVMBuildCondBr)
#define LLVMBuildFAdd (jit_llvm.p_LLVMBuildFAdd)
#define LLVMBuildFCmp (jit_llvm.p_LLVMBuildFCmp)
#define LLVMBuildFDiv (jit_llvm.p_LLVMBuildFDiv)
#define LLVMBuildFMul (jit_llvm.p_LLVMBuildFMul)
#define LLVMBuildFPExt (jit_llvm.p_LLVMBuildFPExt)
#define LLVMBuildFPToSI (jit_llvm.p_LLVMBuildFPToSI)
#define LLVMBuildFPToUI (jit_llvm.p_LLVMBuildFPToUI)
#define LLVMBuildFPTrunc (jit_llvm.p_LLVMBuildFPTrunc)
#define LLVMBuildFSub (jit_llvm.p_LLVMBuildFSub)
#define LLVMBuildGEP2 (jit_llvm.p_LLVMBuildGEP2)
#define LLVMBuildICmp (jit_llvm.p_LLVMBuildICmp)
#define LLVMBuildInsertElement (jit_llvm.p_LLVMBuildInsertElement)
#define LLVMBuildLShr (jit_llvm.p_LLVMBuildLShr)
#define LLVMBuildLoad2 (jit_llvm.p_LLVMBuildLoad2)
#define LLVMBuildMemSet (jit_llvm.p_LLVMBuildMemSet)
#define LLVMBuildMul (jit_llvm.p_LLVMBuildMul)
#define LLVMBuildNot (jit_llvm.p_LLVMBuildNot)
#define LLVMBuildOr (jit_llvm.p_LLVMBuildOr)
#define LLVMBuildRetVoid (jit_llvm.p_LLVMBuildRetVoid)
#define LLVMBuildSDiv (jit_llvm.p_LLVMBuildSDiv)
#define LLVMBuildSExt (jit_llvm.p_LLVMBuildSExt)
#define LLVMBuildSIToFP (jit_llvm.p_LLVMBuildSIToFP)
#define LLVMBuildSRem (jit_llvm.p_LLVMBuildSRem)
#define LLVMBuildSelect (jit_llvm.p_LLVMBuildSelect)
#define LLVMBuildShl (jit_llvm.p_LLVMBuildShl)
#define LLVMBuildShuffleVector (jit_llvm.p_LLVMBuildShuffleVector)
#define LLVMBuildStore (jit_llvm.p_LLVMBuildStore)
#define LLVMBuildSub (jit_llvm.p_LLVMBuildSub)
#define LLVMBuildTrunc (jit_llvm.p_LLVMBuildTrunc)
#define LLVMBuildUDiv (jit_llvm.p_LLVMBuildUDiv)
#define LLVMBuildUIToFP (jit_llvm.p_LLVMBuildUIToFP)
#define LLVMBuildURem (jit_llvm.p_LLVMBuildURem)
#define LLVMBuildXor (jit_llvm.p_LLVMBuildXor)
#define LLVMBuildZExt (jit_llvm.p_LLVMBuildZExt)
#define LLVMConstBitCast (jit_llvm.p_LLVMConstBitCast)
#define LLVMConstInt (jit_llvm.p_LLVMConstInt)
#define LLVMConstNull (jit_llvm.p_LLVMConstNull)
#define LLVMConstReal (jit_llvm.p_LLVMConstReal)
#define LLVMConstVector (jit_llvm.p_LLVMConstVector)
#define LLVMConsumeError (jit_llvm.p_LLVMConsumeError)
#define LLVMContextCreate (jit_llvm.p_LLVMContextCreate)
#define LLVMContextDispose (jit_llvm.p_LLVMContextDispose)
#define LLVMCreateBuilderInContext (jit_llvm.p_LLVMCreateBuilderInContext)
#define LLVMCreateEnumAttribute (jit_llvm.p_LLVMCreateEnumAttribute)
#define LLVMCreateMemoryBufferWithMemoryRangeCopy (jit_llvm.p_LLVMCreateMemoryBufferWithMemoryRangeCopy)
#define LLVMCreatePassBuilderOptions (jit_llvm.p_LLVMCreatePassBuilderOptions)
#define LLVMCreateTargetMachine (jit_llvm.p_LLVMCreateTargetMachine)
#define LLVMDisposeBuilder (jit_llvm.p_LLVMDisposeBuilder)
#define LLVMDisposeErrorMessage (jit_llvm.p_LLVMDisposeErrorMessage)
#define LLVMDisposeMemoryBuffer (jit_llvm.p_LLVMDisposeMemoryBuffer)
#define LLVMDisposeMessage (jit_llvm.p_LLVMDisposeMessage)
#define LLVMDisposeModule (jit_llvm.p_LLVMDisposeModule)
#define LLVMDisposePassBuilderOptions (jit_llvm.p_LLVMDisposePassBuilderOptions)
#define LLVMDoubleTypeInContext (jit_llvm.p_LLVMDoubleTypeInContext)
#define LLVMFloatTypeInContext (jit_llvm.p_LLVMFloatTypeInContext)
#define LLVMFunctionType (jit_llvm.p_LLVMFunctionType)
#define LLVMGetBufferSize (jit_llvm.p_LLVMGetBufferSize)
#define LLVMGetBufferStart (jit_llvm.p_LLVMGetBufferStart)
#define LLVMGetDefaultTargetTriple (jit_llvm.p_LLVMGetDefaultTargetTriple)
#define LLVMGetEnumAttributeKindForName (jit_llvm.p_LLVMGetEnumAttributeKindForName)
#define LLVMGetErrorMessage (jit_llvm.p_LLVMGetErrorMessage)
#define LLVMGetHostCPUFeatures (jit_llvm.p_LLVMGetHostCPUFeatures)
#define LLVMGetHostCPUName (jit_llvm.p_LLVMGetHostCPUName)
#define LLVMGetIntrinsicDeclaration (jit_llvm.p_LLVMGetIntrinsicDeclaration)
#define LLVMGetNamedFunction (jit_llvm.p_LLVMGetNamedFunction)
#define LLVMGetParam (jit_llvm.p_LLVMGetParam)
#define LLVMGetTargetFromTriple (jit_llvm.p_LLVMGetTargetFromTriple)
#define LLVMGetUndef (jit_llvm.p_LLVMGetUndef)
#define LLVMInt16TypeInContext (jit_llvm.p_LLVMInt16TypeInContext)
#define LLVMInt1TypeInContext (jit_llvm.p_LLVMInt1TypeInContext)
#define LLVMInt32TypeInContext (jit_llvm.p_LLVMInt32TypeInContext)
#define LLVMInt64TypeInContext (jit_llvm.p_LLVMInt64TypeInContext)
#define LLVMInt8TypeInContext (jit_llvm.p_LLVMInt8TypeInContext)
#define LLVMIntrinsicGetType (jit_llvm.p_LLVMIntrinsicGetType)
#define LLVMLookupIntrinsicID (jit_llvm.p_LLVMLookupIntrinsicID)
#define LLVMModuleCreateWithNameInContext (jit_llvm.p_LLVMModuleCreateWithNameInContext)
#define LLVMOrcAbsoluteSymbols (jit_llvm.p_LLVMOrcAbsoluteSymbols)
#define LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess (jit_llvm.p_LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess)
#define LLVMOrcCreateLLJIT (jit_llvm.p_LLVMOrcCreateLLJIT)
#define LLVMOrcCreateLLJITBuilder (jit_llvm.p_LLVMOrcCreateLLJITBuilder)
#define LLVMOrcDisposeMaterializationUnit (jit_llvm.p_LLVMOrcDisposeMaterializationUnit)
#define LLVMOrcJITDylibAddGenerator (jit_llvm.p_LLVMOrcJITDylibAddGenerator)
#define LLVMOrcJITDylibCreateResourceTracker (jit_llvm.p_LLVMOrcJITDylibCreateResourceTracker)
#define LLVMOrcJITDylibDefine (jit_llvm.p_LLVMOrcJITDylibDefine)
#define LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine (jit_llvm.p_LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine)
#define LLVMOrcLLJITAddObjectFileWithRT (jit_llvm.p_LLVMOrcLLJITAddObjectFileWithRT)
#define LLVMOrcLLJITBuilderSetJITTargetMachineBuilder (jit_llvm.p_LLVMOrcLLJITBuilderSetJITTargetMachineBuilder)
#define LLVMOrcLLJITGetDataLayoutStr (jit_llvm.p_LLVMOrcLLJITGetDataLayoutStr)
#define LLVMOrcLLJITGetGlobalPrefix (jit_llvm.p_LLVMOrcLLJITGetGlobalPrefix)
#define LLVMOrcLLJITGetMainJITDylib (jit_llvm.p_LLVMOrcLLJITGetMainJITDylib)
#define LLVMOrcLLJITGetTripleString (jit_llvm.p_LLVMOrcLLJITGetTripleString)
#define LLVMOrcLLJITLookup (jit_llvm.p_LLVMOrcLLJITLookup)
#define LLVMOrcLLJITMangleAndIntern (jit_llvm.p_LLVMOrcLLJITMangleAndIntern)
#define LLVMOrcReleaseResourceTracker (jit_llvm.p_LLVMOrcReleaseResourceTracker)
#define LLVMOrcResourceTrackerRemove (jit_llvm.p_LLVMOrcResourceTrackerRemove)
#define LLVMPointerTypeInContext (jit_llvm.p_LLVMPointerTypeInContext)
#define LLVMPositionBuilderAtEnd (jit_llvm.p_LLVMPositionBuilderAtEnd)
#define LLVMRunPasses (jit_llvm.p_LLVMRunPasses)
#define LLVMSetAlignment (jit_llvm.p_LLVMSetAlignment)
#define LLVMSetDataLayout (jit_llvm.p_LLVMSetDataLayout)
#define LLVMSetTarget (jit_llvm.p_LLVMSetTarget)
#define LLVMSetValueName2 (jit_llvm.p_LLVMSetValueName2)
#define LLVMTargetMachineEmitToMemoryBuffer (jit_llvm.p_LLVMTargetMachineEmitToMemoryBuffer)
#define LLVMVectorType (jit_llvm.p_LLVMVectorType)
#define LLVMVerifyModule (jit_llvm.p_LLVMVerifyModule)
#define LLVMVoidTypeInContext (jit_llvm.p_LLVMVoidTypeInContext)
#define LLVMWriteBitcodeToMemoryBuffer (jit_llvm.p_LLVMWriteBitcodeToMemoryBuffer)
#define llvm_blake3_hasher_finalize (jit_llvm.p_llvm_blake3_hasher_finalize)
#define llvm_blake3_hasher_init (jit_llvm.p_llvm_blake3_hasher_init)
#define llvm_blake3_hasher_update (jit_llvm.p_llvm_blake3_hasher_update)

#endif /* GLPROG_JIT_JIT_LLVM_H */
