/*
 * gp_ir.h - the checked, executable instruction form shared by the front end
 * (gp_lex/gp_parse/gp_validate/gp_lower, which produce it) and the executor
 * (gp_exec, which runs it).  Internal to glprog/: no other folder includes
 * this.  Compile time (front end) and worker threads (executor, read only).
 *
 * A program is a flat array of gp_insn ending in GP_OP_END, with every branch,
 * call and loop target resolved to an instruction index (R3).  Operands are
 * already mapped to register files and slots; the executor asserts, it never
 * re-validates.  Execution starts at gp_program.entry (not always 0: see
 * "entry and prologue" below).
 *
 * Operand encoding (gp_src):
 *   file/index         which register: TEMP n, INPUT slot (GP_VIN_* in vertex
 *                      programs, GP_VARY_* in fragment programs), PARAM table
 *                      row, ADDRESS n (only as the source of ARA and PUSHA).
 *                      Every literal ("1.5", "{1,2,3,4}") and every state,
 *                      program.env/local reference is a GP_FILE_PARAM row:
 *                      there are no immediates in the IR.  fragment.position,
 *                      fragment.facing, fragment.fogcoord ... are GP_FILE_INPUT.
 *   swz[4]             source component per destination component:
 *                      0..3 = x y z w, GP_SWZ_ZERO, GP_SWZ_ONE (SWZ extended).
 *                      A scalar operand ("R0.y" where the grammar wants a
 *                      scalar) has all four set to the chosen component, so
 *                      the executor may read component 0 of the swizzled value.
 *   negate             bit per component, applied after abs: 0xf for "-a",
 *                      per-component bits only from SWZ ("SWZ d, a, -x,y,0,-1"
 *                      gives swz = {X,Y,ZERO,ONE}, negate = 0x9).
 *   abs                |x| before negation (NV "|src|", "-|src|").
 *   rel                relative addressing: effective index =
 *                      index + A[rel_reg].c[rel_comp]  (rel_file GP_FILE_ADDRESS),
 *                      read as (0,0,0,0) when outside [rel_lo, rel_hi] (R5:
 *                      out-of-range reads return 0).  rel_lo/rel_hi are the
 *                      bounds of the declared PARAM array (rows of the param
 *                      table), or of the indexed attribute array
 *                      (vertex.attrib[A0.x+n]: GP_VIN_GENERIC0..15,
 *                      vertex.texcoord[A0.x+n]: GP_VIN_TEX0..+7,
 *                      fragment.texcoord[A0.x+n]: GP_VARY_TEX0..+7).
 *                      Without rel, rel_lo = rel_hi = index.
 *
 * Destination encoding (gp_dst):
 *   file/index/mask    TEMP, OUTPUT slot (GP_VARY_* / GP_FOUT_*) or ADDRESS n
 *                      (ARL, ARR, ARA, POPA).  GP_FILE_NONE when the opcode has
 *                      no destination (KIL, flow, PUSHA).
 *   cc                 conditional write mask ("MOV R0 (GT.x), R1"): a component
 *                      i is written only if mask bit i is set AND the test
 *                      cc.cond holds for CC[cc.reg].c[cc.swz[i]].  GP_COND_TR
 *                      (the default, zero) always passes.
 *   rel                result.texcoord[A0.x+n] (NV_vertex_program3): writes
 *                      whose effective slot is outside [rel_lo, rel_hi] are
 *                      dropped (R5).
 *   clipdist           0 for every ordinary destination.  For result.clip[n]
 *                      (NV_vertex_program2) it is 1 + n%4: the instruction's x
 *                      result is stored into component n%4 of output slot
 *                      index (= GP_VARY_CLIP0 + n/4); its y/z/w results are
 *                      discarded (the spec: "only the x component counts").
 *                      Write mask, cc test and cc update still apply to the
 *                      x/y/z/w result components as written.
 *
 * Instruction fields (gp_insn):
 *   sat                GP_SAT_NONE, GP_SAT_01 (_SAT), GP_SAT_11 (_SSAT).
 *   cc_update          0 none, 1 update CC0 ("C" / "C0"), 2 update CC1 ("C1",
 *                      NV_vertex_program3).  Each written component sets
 *                      LT/EQ/GT/UN from the value written (NaN = UN, +-0 = EQ).
 *                      CC registers start as (EQ,EQ,EQ,EQ).
 *   precision          0 default, 'R', 'H' or 'X' (NV_fragment_program).
 *                      The executor computes in binary32, then rounds float
 *                      results before _SAT/_SSAT, the write and the CC
 *                      update (NV_fragment_program_option 3.11.4.X):
 *                      R and 0 keep binary32; H rounds to fp16 (binary16,
 *                      nearest even, overflow to +-INF, NaN stays NaN); X
 *                      to fx12 (signed fixed point, 10 fraction bits, range
 *                      [-2, 2047/1024], nearest even, NaN becomes 0).
 *   tex_unit/target    texture instructions (GP_OPF_TEX) only.
 *   cond               condition of KIL-with-cc ("KIL GT.x", src[0].file is
 *                      GP_FILE_NONE then), BRA/CAL/RET/BRK/CONT "(cc)" and
 *                      IF: the instruction acts if the test holds for ANY of
 *                      the four swizzled components.  GP_COND_TR = always.
 *   target             resolved instruction index:
 *                        BRA, CAL        the labelled instruction
 *                        IF              the matching ELSE, or ENDIF if none
 *                        ELSE            the matching ENDIF
 *                        ENDIF           the matching IF
 *                        REP, LOOP       the matching ENDREP / ENDLOOP
 *                        ENDREP, ENDLOOP the matching REP / LOOP
 *                        BRK, CONT       the ENDREP/ENDLOOP of the innermost
 *                                        enclosing loop
 *                        anything else   -1
 *   REP src[0]         NV_fragment_program2 3.11.X.9: iteration count =
 *                      floor(src.x); a count <= 0 skips the block.  src[0] is
 *                      always a GP_FILE_PARAM row (the spec requires it).
 *   LOOP src[0]        3.11.X.8: (count, initial A0.x, A0.x increment) =
 *                      floor(src.xyz), a GP_FILE_PARAM row.  Inside
 *                      a LOOP block, address register 0 component x ("A0.x",
 *                      fragment programs have no other address register) is the
 *                      loop index of the innermost LOOP; it is saved by LOOP
 *                      and restored by ENDLOOP (nested loops).
 *   pos                byte offset of the opcode in the source text.
 *
 * ARB EXP and LOG are SCALAR-class (scalar source) but produce a vector:
 *   EXP: (2^floor(a), a - floor(a), 2^a (approx.), 1)
 *   LOG: (floor(log2|a|), |a| / 2^floor(log2|a|), log2|a| (approx.), 1)
 * as ARB_vertex_program sections 2.14.5.6 and 2.14.5.12 say; they do not have
 * GP_OPF_SCALAR_RESULT.  SCS writes (cos a, sin a, undefined, undefined).
 *
 * Entry and prologue: vertex programs with OPTION ARB_position_invariant get
 * a 4-instruction prologue (DP4 result.position.{x,y,z,w}, MVP row i,
 * vertex.position) computed exactly like the fixed-function transform, so no
 * later stage special-cases the option; gp_program.num_prologue counts those
 * instructions (they are not reported in the info counts nor printed).  If the
 * program has a "main" label (NV_vertex_program2 / NV_fragment_program2),
 * execution starts at it: entry is its index, or, with a prologue, the
 * prologue ends with an unconditional BRA to it and entry is 0.
 *
 * Fog epilogue: fragment programs with OPTION ARB_fog_linear / _exp / _exp2
 * (ARB_fragment_program 3.11.4.5.1) write result.color (result.color[0])
 * into a hidden temporary instead, and num_epilogue instructions before the
 * final END fog it into result.color: the rgb the program wrote is clamped
 * to [0,1] ("the final clamped color") and becomes
 *   f * rgb + (1 - f) * state.fog.color.rgb,   f clamped to [0,1],
 *   f = (end - z) / (end - start)  linear   (z = fragment.fogcoord.x,
 *       e^(-density * z)           exp       state.fog.params =
 *       e^(-(density * z)^2)       exp2      (density, start, end, 1/(end-start)))
 * and alpha is copied unchanged.  Only components the program writes are
 * written; a program that never writes result.color gets no epilogue.  The
 * epilogue reads GP_VARY_FOG, so inputs_read has it.  The hidden
 * temporaries are the last num_synth_temps (2): the colour, then the fog
 * factor.  A program that can RET on an empty call stack (NV_fragment_
 * program2) gets a 2-instruction prologue "CAL <entry>; BRA <epilogue>" so
 * that a RET ending the program still runs the epilogue (entry is 0 then);
 * an abnormal termination (call stack overflow, max_exec_instructions)
 * skips it, leaving result.color unwritten.  The instructions, temporaries,
 * parameters and the attribute the option costs are charged at compile time
 * as 3.11.4.5.1 says (instructions and ALU instructions: limit - 2 linear,
 * - 3 exp, - 4 exp2; temporaries - 1, parameters - 2, attributes - 1), so a
 * program at a limit without the option fails to load with it, whatever
 * the epilogue's own size (5 to 7 instructions, 2 temporaries, up to 3
 * parameter rows).
 *
 * Synthetic parameter rows: the prologue's MVP rows and the epilogue's fog
 * rows are interned after the rows the program text binds (a row the text
 * already has is shared); num_synth_params counts the new ones at the end of
 * the table.  Neither they nor the synthetic instructions and temporaries
 * are in the info counts or printed.
 *
 * Clip-distance variant (glprog.h gp_program_clip_variant, gp_lower_clip.c):
 * a position-invariant vertex program with 12 more epilogue instructions
 * (4 DP4 into a hidden temporary, the eye position, then 8 DP4 into
 * result.clip[0..7]), one more synthetic temporary and the modelview and
 * clip-plane rows as synthetic parameters.  A program with a RET gets 3
 * more at the head of its epilogue, "BRA d; CAL 0; BRA d" (d: the first
 * DP4), and its entry is that CAL: the one layout where entry is past a
 * prologue.  max_exec_instructions and max_call_depth grow to match.
 *
 * ---- NV_gpu_program4 (!!NVvp4.0, !!NVfp4.0, !!NVgp4.0; info.lang) --------
 * The front end accepts what follows (gp_parse.c, gp_validate.c) and encodes
 * it thus; the executor runs all of it (gp_exec.c), geometry programs
 * included.
 *
 * Data types.  gp_insn.type is the instruction's data type (.F .S .U, NV5's
 * .F32 .S32 .U32 being the same, or
 * the opcode's default: F where Table X.13 allows F, else S; ARB programs
 * are all GP_TYPE_F32).  Which operands and which result it applies to is
 * gp_opinfo.io (gp_io_kind): GP_KIND_OP means "the instruction's type", the
 * others are fixed (FLR/CEIL/ROUND/TRUNC, TEX..: float operand; TXF, TXQ:
 * signed operand; I2F, UP*: float result; SAD: unsigned third operand and
 * result; TXQ: signed result).  Registers are typeless bits (gp_val): an
 * operand of kind S/U reads .i/.u, F reads .f; results are written as the
 * result kind.  Operand modifiers follow the kind (2.X.4.2): negate is
 * two's complement for S and U (-(-2^31) = -2^31), |x| is a no-op for U.
 * Set-on instructions write TRUE = 1.0f / -1 / 0xffffffff.  _SAT/_SSAT only
 * occur with float results.  gp_insn.precision is 'R' or 'H' for the R/H
 * suffixes (H: round to fp16 as for NV_fragment_program), else 0.
 *   opmod        MUL only: GP_OPMOD_S24 / _U24 (24-bit multiplies, type
 *                S / U), GP_OPMOD_HI (high 32 bits of the 64-bit product;
 *                type S or U).
 *   KIL          type F/S: kill if any component < 0 (KIL.U never kills).
 *   REP          src[0].file == GP_FILE_NONE: no count, loops until BRK or
 *                RET (the validator guarantees one exists).  Otherwise the
 *                count is src[0].x read with insn.type (F: floor), any
 *                operand file (not only parameters).  No run-time loop
 *                count limit: max_loop_count is 0 for NV4 programs.
 *   CC           condition codes are the NV4 flags (2.X.4.3): each written
 *                component sets SF ZF OF CF from the value written (float:
 *                SF = <0 or NaN, ZF = 0 or NaN; integer: SF = MSB, ZF = 0,
 *                OF/CF from integer ADD SUB MAD SAD, else cleared), and
 *                tests are Table X.16 (gp_cond: EQ..FL, NAN LEG CF NCF OF
 *                NOF AB BLE SF NSF; cc.reg 0 or 1).  Not the LT/EQ/GT/UN
 *                model of the NV option programs.
 *   CAL/RET      a label starts a subroutine that ends at the next label
 *                (2.X.8 CAL): the lowering puts a RET before every label
 *                and before END when the program has labels, unless an
 *                unconditional RET is already there, so reaching a label or
 *                END inside a called subroutine returns, and in the main
 *                code ends the program (RET on an empty stack).  Those RETs
 *                are ordinary instructions for the executor; they carry the
 *                pos of the instruction after them (how the printer knows
 *                them: it prints the label instead), and are not counted in
 *                info.num_instructions.  max_call_depth is set (0 = 8).
 *   TXF TXQ      GP_OPF_TEX without implicit derivatives; TXF coordinate
 *                (i, j, k / layer, lod) signed; TXQ x = level offset,
 *                result signed.  TXFMS (OPTION NV_explicit_multisample /
 *                NV_texture_multisample): (x, y, layer, sample) signed on
 *                GP_TEX_2DMS / GP_TEX_ARRAY2DMS.
 *   tex_offset   constant texel offsets, already checked against the
 *                target and [GP_MIN_TEXEL_OFFSET, GP_MAX_TEXEL_OFFSET].
 *   EMIT ENDPRIM geometry programs: emit the current result values as a
 *                vertex, end the strip: gp_exec calls env->emit
 *                (glprog.h gp_emit_fn) with the lanes executing the
 *                instruction.  The spec leaves the results undefined after
 *                EMIT; asmgl keeps them.
 *   BFE BFI      NV_gpu_program5 (!!NV*5.0 only, GP_PROF_NV5): src[0].x is
 *                the field width and src[0].y its offset for all four
 *                components; BFE extracts from src[1], BFI inserts src[1]
 *                into src[2].  Type S or U (S: BFE sign-extends).  The
 *                "undefined" widths and offsets are defined in gp_exec.c
 *                (exec_bits).  BFR BTC BTFL BTFM: per component, S or U.
 *   CALI         NV5 indirect call (ARB_shader_subroutine, NV_gpu_program5
 *                section): see gp_program.sub_elem_param.  The RET
 *                insertion at labels applies; a program that may recurse
 *                through a CALI fails to load (gp_subroutine.c).
 *   TGALL TGANY TGEQ  NV_gpu_program5 votes over the thread group: the
 *                live lanes of the gp_exec call that execute the
 *                instruction (glprog.h; glprog/exec/group.c exec_vote).  Any type;
 *                results TRUE / FALSE as for the set-on instructions.
 *   SHFDOWN SHFIDX SHFUP SHFXOR  NV_shader_thread_shuffle (OPTION
 *                NV_shader_thread_shuffle, NV5 only; gp_exec.c
 *                exec_shuffle).  Operands (data, index, mask), types F S U
 *                (default F), no modifiers.  The thread group is TGBALLOT's:
 *                the 16 lanes of one gp_exec call, thread id = lane number,
 *                so the 5-bit fields of the spec are cut to 4 bits: per
 *                lane l, index = src[1].x & 0x1f, seg = (src[2].x >> 8) &
 *                0xf, clamp = src[2].x & 0xf, min = l & seg, max = min |
 *                (clamp & ~seg).  Source lane / in range: SHFIDX (index &
 *                ~seg) | min / <= max; SHFUP l - index / >= min; SHFDOWN
 *                l + index / <= max; SHFXOR l ^ index / <= max.  The spec
 *                prose says "lower than maxThreadId" (and "greater than
 *                maxThreadId" for SHFUP), but its own examples (SHFDOWN by
 *                2 in a segment of 8: lanes 6 and 7 out of range, 5 reads
 *                7) need <= max and >= min, which is what asmgl does.
 *                Result: x = TRUE / FALSE (DT.BOOL encodings of the type)
 *                of the test; y = src[0].x of the source lane when in range
 *                and that lane runs the instruction (helper lanes
 *                included: they hold their pixel's values, as QSWZ reads
 *                them, so quad shuffles work at primitive edges), else
 *                src[0].x of lane l itself (the spec leaves an inactive
 *                source undefined: the predicate stays TRUE); z = w = 0
 *                (the spec defines two components).
 *   CVT          NV_gpu_program5 2.X.8.Z: "CVT.<dst>.<src>[.ROUND|.CEIL|
 *                .FLR|.TRUNC][.SAT|.SSAT][.CC]".  gp_insn.cvt_dst /
 *                cvt_src are the two storage modifiers (gp_cvt_type:
 *                F16 F32 F64 S8 S16 S32 S64 U8 U16 U32 U64), cvt_rnd the
 *                rounding (gp_cvt_rnd, ROUND = 0 also when none is given);
 *                gp_insn.type is the result's base type (gp_cvt_gptype:
 *                F16 -> F32, S8/S16 -> S32, U8/U16 -> U32; 64-bit types
 *                F64/S64/U64), the operand's is gp_cvt_gptype(cvt_src)
 *                (literals, the NV4 type check).  Register components:
 *                F16 = binary16 bits in the low 16 bits of a 32-bit
 *                component (operand: the high 16 bits are ignored; result:
 *                zero); S8/S16 operands are the low 8/16 bits sign-
 *                extended, U8/U16 zero-extended, and results are written
 *                sign- / zero-extended to 32 bits (an F16 operand or
 *                result of a LONG variable is its double's value,
 *                exec_cvt).  _SAT: integer results
 *                clamp to the result type's range; float results clamp to
 *                [0,1] (NaN passes, as for every other _SAT); _SSAT only
 *                with a float result ([-1,1]).  No operand modifiers (the
 *                load fails).  Conversions and the choices for the
 *                "undefined" cases (NaN -> 0, +-INF -> the range ends, SAT
 *                or not) are in gp_cvt.h.
 *
 * Relative addressing.  rel_file is GP_FILE_TEMP: the index register is a
 * temporary's component read as a signed integer (rel_reg = temporary,
 * rel_comp = component).  Any array can be indexed: TEMP arrays (file TEMP,
 * rel_lo/rel_hi temporaries), PARAM arrays, ATTRIB arrays (input slots),
 * OUTPUT arrays (destination slots) and BUFFER arrays (elements).  There
 * are no address registers (GP_FILE_ADDRESS never occurs).  Out-of-range
 * reads return 0, writes are dropped (R5), as for the ARB forms.
 *
 * Inputs.  Vertex programs: GP_VIN_* (plus GP_VIN_VERTEXID and
 * GP_VIN_INSTANCEID, signed integers in .x).  Fragment programs: GP_VARY_*
 * (fragment.attrib[n] = GP_VARY_ATTR0 + n, primitive.id = GP_VARY_PRIMID
 * (int), fragment.facing = GP_VARY_FACE, fragment.clip[n] = component n%4
 * of GP_VARY_CLIP0 + n/4: the front end folds the component into the
 * swizzle, so no executor support is needed).  Interpolation modifiers are
 * info.inputs_flat / _centroid / _noperspective (slot masks).  Geometry
 * programs: per-vertex GP_VARY_* slots of vertex
 *     v = gp_src.vtx + (gp_src.vtx_rel ? T[vtx_rel_reg].vtx_rel_comp : 0)
 * read from row v * GP_VARY_COUNT + slot of the inputs (glprog.h); a v
 * outside [0, info.gs_vertices_in) reads 0.  primitive.id is slot
 * GP_VARY_PRIMID with vtx 0.  gp_src.vtx is 0 in other stages.
 *
 * Outputs.  result.attrib[n] = GP_VARY_ATTR0 + n, result.id = GP_VARY_ID,
 * result.primid = GP_VARY_PRIMID, result.layer = GP_VARY_LAYER (ints in
 * .x), result.clip[n] as for NV_vertex_program2 (gp_dst.clipdist),
 * result.color[n] = GP_FOUT_COLOR0 + n (an integer-typed write stores the
 * integer bits: integer colour buffers).
 *
 * Parameter buffers (NV_parameter_buffer_object).  src.file GP_FILE_BUFFER:
 * binding point src.buf, element src.index (+ relative index), rel_lo /
 * rel_hi the element range of the declared BUFFER variable.  An element is
 * one 32-bit word broadcast to (w, w, w, w), or, if bit src.buf of
 * info.param_buffers_vec4 is set (BUFFER4), the four words 4i..4i+3.
 * Elements past the bound buffer (gp_exec_env.param_buffers) read 0.
 *
 * ---- NV_gpu_program5 64-bit storage (2.X.3.1 "LONG") ----------------------
 * A LONG TEMP of n elements (n = 1 for a plain variable) takes 2n
 * temporaries: the low 32 bits of each 64-bit component in rows
 * index..index+n-1, the high 32 bits in rows index+n..index+2n-1.
 * gp_src.hi / gp_dst.hi hold that n (the distance from a low row to its
 * high row; relative addressing moves the low row, the high row follows)
 * and are 0 for every operand with 32-bit storage.  The one other file
 * with a hi is GP_FILE_PARAM: a 64-bit literal (Constants, below) has
 * gp_src.hi = 1.
 *   Reads.  A 64-bit-typed operand (instruction type S64 U64 F64, or the
 *   64-bit operand of PK64/UP64/CVT) of a LONG variable is lo | hi << 32;
 *   of a 32-bit variable it is promoted (2.X.4.1): S sign-extended, U
 *   zero-extended, F converted float -> double.  A 32-bit-typed operand of
 *   a LONG variable is narrowed: S/U the low word, F (float)double
 *   (round to nearest even).
 *   Writes.  To a LONG variable a 64-bit result writes both words; a 32-bit
 *   result is widened (S sign-, U zero-extended, F float -> double); to a
 *   32-bit variable a 64-bit result is narrowed (low word / (float)double).
 *   PK64 / UP64 move raw bits (2.X.8.Z PK64, UP64: x = low word).
 *   Operand modifiers, _SAT and the CC update apply to the 64-bit value
 *   (CC flags: SF = bit 63 / double < 0 or NaN, ZF = all 64 bits 0 /
 *   double == 0 or NaN).
 * Executor entry points for every 64-bit instruction (gp_exec.c):
 *   fetch64(x, src, kind, out[4][GP_LANES])  kind GP_KIND_S/U (integers)
 *                                            or GP_KIND_F (double bits)
 *   store64(x, in, r[4][GP_LANES], kind)     mask, cc test, _SAT (F),
 *                                            CC update, narrowing
 *
 * Constants.  Literals are typed by their use: a literal operand of an
 * integer kind is a GP_PARAM_CONST row of integers (value[].i / .u, with
 * gp_param_binding.type 'S' / 'U'); INT / UINT PARAM declarations likewise.
 * A literal operand (scalar or "{..}") of a 64-bit operand type (S64 U64
 * F64 instructions but PK64 / UP64, and CVT's 64-bit operand types) is
 * exact: the double nearest its text (strtod) or the 64-bit integer
 * (decimal or hex; out of range fails to load at the literal), stored as
 * two consecutive GP_PARAM_CONST rows of type 'U' (low words, then high
 * words) with gp_src.hi = 1; fetch64 reads it like a LONG variable, the
 * 32-bit fast paths never see it (they refuse any hi), and the printer
 * prints it back as the literal (F64 with 17 significant digits, S64 in
 * decimal, U64 in hex; print/nv.c put_lit64).  PARAM variables stay
 * 32-bit rows, promoted.
 *
 * ---- NV_gpu_program5 memory instructions ----------------------------------
 * glprog.h "memory" says what each instruction reaches; this is how the
 * front end encodes them (gp_insn.mem_* below, GP_OPF_MEMORY in the opcode
 * table).  Every one but MEMBAR and BAR has exactly one storage modifier
 * (MOD.ST_RULE): mem_elem (a gp_cvt_type: F16 F32 F64 S8 S16 S32 S64 U8 U16
 * U32 U64) and mem_count (1, 2, 4 for none / X2 / X4); insn.type is the base
 * type it implies (gp_cvt_gptype of mem_elem: the result / operand data
 * type).  mem_count 0 only for a formatted STOREIM (.F/.S/.U or no
 * modifier, insn.type the data's type).  Operands:
 *   LOAD dst, addr            src[0] = the address, a scalar: a LONG
 *                             variable's 64 bits (src.hi), or a 32-bit
 *                             operand zero-extended (NV4 LOAD)
 *   STORE data, addr          src[0] = data, src[1] = address
 *   ATOM dst, v, addr         src[0] = operand vector (x; CSWAP: x compare,
 *                             y new value), src[1] = address; mem_atom
 *   LDC dst, cbuf             src[0]: file GP_FILE_BUFFER as for
 *                             NV_parameter_buffer_object (buf / nbuf / vtx
 *                             select the binding), index and rel give the
 *                             BYTE offset into the binding (not words);
 *                             swizzle / negate / abs apply after the fetch
 *   LDB dst, sbuf             src[0]: file GP_FILE_STORAGE, buf = binding
 *                             point (nbuf/vtx for STORAGE arrays as for
 *                             GP_FILE_BUFFER), index + rel = byte offset
 *   STB data, sbuf            src[0] = data, src[1] storage operand
 *   ATOMB dst, v, sbuf        src[0] = operand, src[1] storage operand
 *   LDS / STS / ATOMS         as LDB / STB / ATOMB with file GP_FILE_SHARED
 *                             (buf 0; index + rel = byte offset into
 *                             program.sharedmem, the SHARED variable's
 *                             base offset already added)
 *   LOADIM dst, coord, image  src[0] = coord; tex_unit = image unit,
 *                             tex_target the target (gp_tex_target);
 *                             image arrays use GP_TEXF_INDEXED and
 *                             tex_base/tex_count/tex_rel_* exactly as
 *                             TEXTURE arrays; bindless image handles
 *                             GP_TEXF_HANDLE + tex_handle
 *   STOREIM image, data, coord  src[0] = data, src[1] = coord
 *   ATOMIM dst, v, coord, image src[0] = operand, src[1] = coord; mem_atom
 *   MEMBAR, BAR               no operands
 * Result fill (EDGE.LOAD_FILL): memory loads leave the components not
 * fetched 0 (F: 0.0); LOADIM fills 1-element (v, 0, 0, 1) and X2
 * (v, v', 0, 1), "1" of the base type (EDGE.IMG_FILL).  64-bit elements
 * (F64 S64 U64, X2, X4) of LOAD/STORE/LDB/STB/LDC/ATOM write or read LONG
 * variables' two words as gp_ir.h "64-bit storage" says (a 64-bit LOAD
 * into a 32-bit variable narrows).  ATOM writes only dst.x (the old value;
 * y z w are left as they were: EDGE.ATOM_YZW).
 */
#ifndef GLPROG_GP_IR_H
#define GLPROG_GP_IR_H

#include "glprog.h"

/* ---- opcodes: expanded from gp_opcodes.def (R1) --------------------------- */
typedef enum gp_opcode {
#define GP_OP(name, cls, nsrc, types, mods, nv4, io, profiles, flags, options, fast, doc) GP_OP_##name,
#include "gp_opcodes.def"
#undef GP_OP
    GP_OP_COUNT
} gp_opcode;

/* Grammar classes (R2): the parser has one rule per class. */
typedef enum gp_op_class {
    GP_CLASS_VECTOR,   /* op dst, src           */
    GP_CLASS_SCALAR,   /* op dst, src.scalar    */
    GP_CLASS_BINSC,    /* op dst, src.s, src.s (POW) */
    GP_CLASS_BIN,      /* op dst, src, src      */
    GP_CLASS_TRI,      /* op dst, src, src, src */
    GP_CLASS_SWZ,      /* SWZ dst, src, extswz  */
    GP_CLASS_TEX,      /* op dst, src, texture[n], target */
    GP_CLASS_TXD,      /* TXD dst, src, src, src, texture[n], target */
    GP_CLASS_ARL,      /* ARL/ARA/ARR address-register ops */
    GP_CLASS_KIL,      /* KIL src | KIL cc-test */
    GP_CLASS_BRA,      /* BRA/CAL label (cc) */
    GP_CLASS_FLOW,     /* RET / BRK / CONT with an optional "(cc)" (see also IF, LOOP, ENDFLOW below) */
    GP_CLASS_NONE,     /* END, NOP-like */
    /* Added by the front end (the shapes the classes above could not name): */
    GP_CLASS_ARA,      /* ARA addr, addr (no swizzle)             */
    GP_CLASS_PUSHA,    /* PUSHA addr                              */
    GP_CLASS_POPA,     /* POPA addr (cc)                          */
    GP_CLASS_VECSCA,   /* op dst, src, src.scalar (DIV)           */
    GP_CLASS_IF,       /* IF cc-test (mandatory, no parentheses)  */
    GP_CLASS_LOOP,     /* REP src / LOOP src                      */
    GP_CLASS_ENDFLOW,  /* ELSE ENDIF ENDREP ENDLOOP: no operands   */
    GP_CLASS_SRCS,     /* op src.scalar, no result (NV5 EMITS)      */
    GP_CLASS_COUNT
} gp_op_class;

/* Instruction flags (R1, R3). */
enum {
    GP_OPF_TEX = 1u << 0,
    GP_OPF_BRANCH = 1u << 1,
    GP_OPF_SIDE_EFFECT = 1u << 2,   /* changes memory others see (STS ATOMS: shared memory only, none) */
    GP_OPF_NEEDS_DERIV = 1u << 3,
    GP_OPF_KILL = 1u << 4,
    GP_OPF_SCALAR_RESULT = 1u << 5, /* result replicated to all written components */
    /* NV_gpu_program4: opcodes only some program types have (the
     * profile bits do not say which stage of an NV4 language). */
    GP_OPF_FP_ONLY = 1u << 6,       /* KIL DDX DDY: fragment programs */
    GP_OPF_GP_ONLY = 1u << 7,       /* EMIT ENDPRIM: geometry programs */
    GP_OPF_MEMORY = 1u << 8,        /* memory instructions (gp_insn.mem_*) */
    GP_OPF_CP_ONLY = 1u << 9,       /* LDS STS ATOMS BAR: compute programs */
    GP_OPF_ATOMIC = 1u << 10,       /* ATOM ATOMB ATOMS ATOMIM: take an atomic operation modifier */
    GP_OPF_IMAGE = 1u << 11,        /* LOADIM STOREIM ATOMIM: an image unit operand */
    GP_OPF_GLOBAL = 1u << 12,       /* LOAD STORE ATOM: GPU addresses (global memory) */
    GP_OPF_BARRIER = 1u << 13,      /* BAR: waits for the work group */
    GP_OPF_IMPLICIT_LOD = 1u << 14, /* TEX TXP TXB LOD: LOD from the quad's derivatives */
    GP_OPF_OPTION_ADMITS = 1u << 15 /* gp_opinfo.options admit the opcode below its profile */
};

/* Operand and result data types of an opcode (NV_gpu_program4 Table X.13
 * "Out" and "Inputs" columns): 4 bits each, result in bits 0..3, operand i
 * in bits 4i..4i+3. */
enum {
    GP_KIND_OP, /* the instruction's data type (.F .S .U or the default) */
    GP_KIND_F,  /* always float */
    GP_KIND_S,  /* always signed integer */
    GP_KIND_U   /* always unsigned integer */
};
#define GP_IO(r, a, b, c) ((r) | (a) << 4 | (b) << 8 | (c) << 12)
/* Kind of the result (i = 0) or of operand i - 1 (i = 1..3). */
static inline int gp_io_kind(unsigned io, int i)
{
    return (int)(io >> (4 * i)) & 0xf;
}

/* The gp_type a result or operand of kind k (gp_io_kind) has in an
 * instruction of data type op_type. */
static inline uint8_t gp_kind_type(int k, uint8_t op_type)
{
    return k == GP_KIND_F ? GP_TYPE_F32 : k == GP_KIND_S ? GP_TYPE_S32 : k == GP_KIND_U ? GP_TYPE_U32 : op_type;
}

/* gp_insn.opmod: MUL's special modifiers (NV_gpu_program4 2.X.8 MUL). */
enum { GP_OPMOD_NONE, GP_OPMOD_S24, GP_OPMOD_U24, GP_OPMOD_HI };

/* gp_insn.cvt_dst / cvt_src: CVT storage types, gp_cvt_type (glprog.h). */
/* gp_insn.cvt_rnd: CVT rounding modifiers; ROUND (nearest, ties to even) is
 * the default. */
typedef enum gp_cvt_rnd { GP_RND_ROUND, GP_RND_CEIL, GP_RND_FLR, GP_RND_TRUNC } gp_cvt_rnd;

static inline const char *gp_cvt_type_name(int t)
{
    static const char names[GP_CVT_COUNT][4] = { "F16", "F32", "F64", "S8", "S16", "S32",
                                                 "S64", "U8", "U16", "U32", "U64" };
    return (unsigned)t < GP_CVT_COUNT ? names[t] : "?";
}

static inline const char *gp_cvt_rnd_name(int r)
{
    return r == GP_RND_CEIL ? "CEIL" : r == GP_RND_FLR ? "FLR" : r == GP_RND_TRUNC ? "TRUNC" : "ROUND";
}

/* gp_insn.tex_flags (NV_gpu_program5 texture operands). */
enum { GP_TEXF_OFFSET_REG = 1u << 0, GP_TEXF_EXTRA = 1u << 1, GP_TEXF_INDEXED = 1u << 2,
       GP_TEXF_HANDLE = 1u << 3 /* NV_bindless_texture handle(<scalar>): gp_insn.tex_handle */ };

/* Profiles an opcode is legal in: a bit per program header/option set. */
enum {
    GP_PROF_ARBVP = 1u << 0,  /* !!ARBvp1.0 */
    GP_PROF_ARBFP = 1u << 1,  /* !!ARBfp1.0 */
    GP_PROF_VP2 = 1u << 2,    /* ARBvp + OPTION NV_vertex_program2 (and 3) */
    GP_PROF_VP3 = 1u << 3,    /* ARBvp + OPTION NV_vertex_program3 */
    GP_PROF_FPO = 1u << 4,    /* ARBfp + OPTION NV_fragment_program */
    GP_PROF_FP2 = 1u << 5,    /* ARBfp + OPTION NV_fragment_program2 */
    GP_PROF_NV4 = 1u << 6,    /* !!NV*4.0 */
    GP_PROF_NV5 = 1u << 7,    /* !!NV*5.0 */
    GP_PROF_NV41 = 1u << 8    /* !!NV*4.1 (with GP_PROF_NV4): NV4 plus the
                                 Table X.13 V = 41 rows (TXG, LOD) */
};

typedef struct gp_opinfo {
    const char *name;
    uint8_t cls;        /* gp_op_class */
    uint8_t nsrc;
    uint32_t types;     /* NV4 data types (Table X.13 F and I columns), GP_TYPEBIT_* */
    uint32_t mods;      /* modifiers of the ARB / NV option programs, GP_MODBIT_* */
    uint32_t profiles;  /* GP_PROF_* */
    uint32_t flags;     /* GP_OPF_* */
    uint32_t nv4;       /* NV4 modifiers (Table X.13 C S H columns, MUL's S24 U24 HI) */
    uint16_t io;        /* GP_IO(result, operands...) data type kinds */
    uint32_t options;   /* the OPTION gate, GP_OPTION_* (gp_opcodes.def "options") */
} gp_opinfo;

extern const gp_opinfo gp_opinfo_table[GP_OP_COUNT];

/* ---- types and modifiers -------------------------------------------------- */
/* gp_type: glprog.h. */
/* The base data type of a CVT storage type (gp_cvt_type): F16 -> F32,
 * S8/S16 -> S32, U8/U16 -> U32, the others themselves. */
static inline int gp_cvt_gptype(int t)
{
    switch (t) {
    case GP_CVT_F64: return GP_TYPE_F64;
    case GP_CVT_S8: case GP_CVT_S16: case GP_CVT_S32: return GP_TYPE_S32;
    case GP_CVT_S64: return GP_TYPE_S64;
    case GP_CVT_U8: case GP_CVT_U16: case GP_CVT_U32: return GP_TYPE_U32;
    case GP_CVT_U64: return GP_TYPE_U64;
    default: return GP_TYPE_F32;
    }
}
enum {
    GP_TYPEBIT_F = 1u << GP_TYPE_F32,
    GP_TYPEBIT_S = 1u << GP_TYPE_S32,
    GP_TYPEBIT_U = 1u << GP_TYPE_U32,
    GP_TYPEBIT_F64 = 1u << GP_TYPE_F64,
    GP_TYPEBIT_S64 = 1u << GP_TYPE_S64,
    GP_TYPEBIT_U64 = 1u << GP_TYPE_U64
};
/* Modifier letters as in NV_gpu_program4 Table X.13: F I C S H D, plus R/X precision. */
enum {
    GP_MODBIT_SAT = 1u << 0,   /* _SAT / .SAT: clamp [0,1] */
    GP_MODBIT_SSAT = 1u << 1,  /* _SSAT / .SSAT: clamp [-1,1] */
    GP_MODBIT_CC = 1u << 2,    /* C / .CC / .CC0 / .CC1 */
    GP_MODBIT_PREC = 1u << 3,  /* R H X precision suffixes */
    GP_MODBIT_TYPE = 1u << 4,  /* data-type suffix allowed at all */
    GP_MODBIT_PRECX = 1u << 5, /* the X (fixed-point) precision suffix, besides R/H */
    /* NV_gpu_program4 only (gp_opinfo.nv4): MUL's special modifiers */
    GP_MODBIT_S24 = 1u << 6,
    GP_MODBIT_U24 = 1u << 7,
    GP_MODBIT_HI = 1u << 8
};
enum { GP_SAT_NONE, GP_SAT_01, GP_SAT_11 };

/* ---- register files -------------------------------------------------------- */
typedef enum gp_file {
    GP_FILE_NONE,
    GP_FILE_TEMP,     /* temporaries (and ALIASes resolved) */
    GP_FILE_INPUT,    /* GP_VIN_* / GP_VARY_* slot */
    GP_FILE_OUTPUT,   /* GP_VARY_* / GP_FOUT_* slot */
    GP_FILE_PARAM,    /* row of the resolved parameter table */
    GP_FILE_ADDRESS,  /* address registers A0.. (ARB ADDRESS, NV vp2/vp3) */
    GP_FILE_CC,       /* condition-code registers (dst of RCC-like ops only) */
    GP_FILE_BUFFER,   /* NV_parameter_buffer_object element (see the top) */
    GP_FILE_STORAGE,  /* NV_shader_storage_buffer_object bytes (memory instructions) */
    GP_FILE_SHARED    /* NV_compute_program5 shared memory bytes */
} gp_file;

enum { GP_SWZ_X, GP_SWZ_Y, GP_SWZ_Z, GP_SWZ_W, GP_SWZ_ZERO, GP_SWZ_ONE };

/* Condition-code tests (NV_fragment_program_option / NV_gpu_program4). */
typedef enum gp_cond {
    GP_COND_TR,  /* always (no test) */
    GP_COND_FL,
    GP_COND_EQ, GP_COND_NE, GP_COND_LT, GP_COND_LE, GP_COND_GT, GP_COND_GE,
    /* NV_gpu_program4 unsigned/float-specific and flag tests */
    GP_COND_EQ0, GP_COND_NE0, GP_COND_NAN, GP_COND_LEG, GP_COND_CF, GP_COND_NCF,
    GP_COND_OF, GP_COND_NOF, GP_COND_AB, GP_COND_BLE, GP_COND_SF, GP_COND_NSF
} gp_cond;

typedef struct gp_cc_test {
    uint8_t cond;    /* gp_cond; GP_COND_TR = unconditional */
    uint8_t reg;     /* CC0 or CC1 */
    uint8_t swz[4];
} gp_cc_test;

typedef struct gp_src {
    uint8_t file;      /* gp_file */
    uint8_t swz[4];
    uint8_t negate;    /* bit per component */
    uint8_t abs;
    uint8_t rel;       /* relative addressing through A[rel_reg].rel_comp
                          (NV4: an integer temporary, rel_file = GP_FILE_TEMP) */
    uint8_t rel_file;
    uint8_t rel_reg;
    uint8_t rel_comp;
    uint8_t buf;       /* GP_FILE_BUFFER: the binding point program.buffer[buf] */
    int32_t index;     /* base index; with rel, effective = index + A */
    int32_t rel_lo, rel_hi; /* valid effective index range (array bounds) */
    /* Geometry program inputs (see the top): vertex vtx (+ T[vtx_rel_reg].
     * vtx_rel_comp when vtx_rel); 0 elsewhere. */
    uint8_t vtx, vtx_rel, vtx_rel_reg, vtx_rel_comp;
    uint16_t hi;       /* LONG variables: rows from low to high words (see
                          "64-bit storage" above); 0 = 32-bit storage */
    uint8_t nbuf;      /* GP_FILE_BUFFER of an NV5 "program.buffer[a..b]"
                          variable (BIND.P.BUFFER_RANGE): b - a + 1 binding
                          points, the one read being buf + vtx (+ T[vtx_rel_reg].
                          vtx_rel_comp when vtx_rel); outside [buf, buf + nbuf)
                          it reads 0.  0 = the single binding point buf */
} gp_src;

/* Whether operand s reads its register row as it is: no relative index,
 * |abs|, negation or 64-bit rows, and the identity swizzle (a sampler
 * request can point at the row itself). */
static inline bool gp_src_unchanged(const gp_src *s)
{
    return !s->rel && !s->abs && !s->negate && !s->hi && s->swz[0] == GP_SWZ_X &&
           s->swz[1] == GP_SWZ_Y && s->swz[2] == GP_SWZ_Z && s->swz[3] == GP_SWZ_W;
}

typedef struct gp_dst {
    uint8_t file;      /* gp_file */
    uint8_t mask;      /* write mask, bit per component */
    uint8_t rel, rel_file, rel_reg, rel_comp;
    int32_t index;
    int32_t rel_lo, rel_hi;
    gp_cc_test cc;     /* conditional write mask (NV "MOV R0 (GT.x), ...") */
    uint8_t clipdist;  /* 0, or 1 + n%4 for result.clip[n] (see the top) */
    uint16_t hi;       /* LONG variables, as gp_src.hi */
} gp_dst;

typedef struct gp_insn {
    uint16_t op;        /* gp_opcode */
    uint8_t type;       /* gp_type of the operation */
    uint8_t sat;        /* GP_SAT_* */
    uint8_t cc_update;  /* 0 none, 1 = update CC0, 2 = update CC1 */
    uint8_t precision;  /* 0 default, 'R', 'H', 'X' */
    uint8_t tex_unit;
    uint8_t tex_target; /* gp_tex_target */
    int8_t tex_offset[3];
    /* NV_gpu_program5 texture operands (GP_OPF_TEX only, 0 elsewhere;
     * glprog/exec/texture.c do_tex):
     *   tex_comp   TXG / TXGO component selector texture[n].x/.y/.z/.w
     *              (0..3, x default; ignored for SHADOW targets)
     *   tex_flags  GP_TEXF_OFFSET_REG: src[2] is the offset(<operand>)
     *              vector, read as signed integers (2.X.4.4: x, y for 2D,
     *              x only for 1D, z only for 3D, w ignored);
     *              GP_TEXF_EXTRA: src[1] is the second vector operand of
     *              the two-operand form (TEX.EXTRA_OPERAND, float): its x
     *              is the SHADOWARRAYCUBE depth reference;
     *              GP_TEXF_INDEXED: the unit is indexed at run time by a
     *              TEXTURE array: unit = tex_unit + T[tex_rel_reg].
     *              tex_rel_comp (signed integer), valid in [tex_base,
     *              tex_base + tex_count); other units read (0, 0, 0, 0)
     *              (0 bits: integers 0 too).  Lanes are grouped by unit.
     * TXGO: src[1] / src[2] are its x / y offset vectors (signed). */
    uint8_t tex_comp;
    uint8_t tex_flags;
    uint8_t tex_base, tex_count;
    uint8_t tex_rel_reg, tex_rel_comp;
    gp_cc_test cond;    /* branch / KIL / flow condition */
    uint8_t opmod;      /* GP_OPMOD_* (NV4 MUL) */
    gp_dst dst;
    gp_src src[3];
    int32_t target;     /* resolved branch/call/loop target (insn index), -1 none */
    int32_t pos;        /* byte offset in the source text, for diagnostics */
    /* NV_gpu_program5 CVT only (0 elsewhere; see "CVT" above) */
    uint8_t cvt_dst;    /* gp_cvt_type of the result */
    uint8_t cvt_src;    /* gp_cvt_type of the operand */
    uint8_t cvt_rnd;    /* gp_cvt_rnd */
    /* NV_bindless_texture "Interactions with NV_gpu_program5" (GP_OPF_TEX
     * with GP_TEXF_HANDLE only): the scalar operand of "handle(<operand>)",
     * read per lane as a 64-bit unsigned handle (a LONG variable's two
     * words; a 32-bit one zero-extended); tex_unit is then 0 and unused
     * (glprog/exec/texture.c do_tex groups the lanes by handle, gp_tex_request.handle). */
    gp_src tex_handle;
    /* Memory instructions (GP_OPF_MEMORY; "memory instructions" at the top;
     * 0 elsewhere). */
    uint8_t mem_elem;   /* gp_cvt_type of the storage modifier */
    uint8_t mem_count;  /* 1, 2, 4; 0 = formatted STOREIM */
    uint8_t mem_atom;   /* gp_atom_op (ATOM ATOMB ATOMS ATOMIM) */
    uint8_t mem_flags;  /* GP_MEMF_* */
} gp_insn;
/* gp_insn.mem_flags: the cache modifiers, accepted and recorded (asmgl has
 * no caches: every access is coherent and volatile already). */
enum { GP_MEMF_COH = 1u << 0, GP_MEMF_VOL = 1u << 1, GP_MEMF_CTA = 1u << 2 };

/* Code slots per program: the most executor backends (gp_backend.h). */
#define GP_BACKEND_SLOTS 4

/* The program object behind glprog.h's opaque gp_program. */
struct gp_program {
    gp_program_info info;
    gp_insn *insns;          /* ends with GP_OP_END */
    int num_insns;
    int num_temps;           /* temporaries to allocate */
    int num_address;         /* address registers */
    gp_param_binding *params; /* info.params points here */
    char *source;            /* copy of the text, for printing/debug */
    size_t source_len;
    int entry;               /* first instruction executed (see the top) */
    int num_prologue;        /* synthetic instructions at the start (position
                                invariance, the fog wrapper) */
    int num_epilogue;        /* synthetic instructions before the final END (fog) */
    int num_synth_temps;     /* hidden temporaries at the end of num_temps (fog: 2) */
    int num_synth_params;    /* parameter rows at the end of the table the
                                prologue/epilogue added (see the top) */
    /* Run-time limits of the executor: gp_lower copies them from
     * the gp_limits the program was compiled with, for the programs whose
     * specs define them: NV_vertex_program2/3 get max_exec_instructions and
     * max_call_depth, NV_fragment_program2 all five, NV_gpu_program4
     * programs max_call_depth only; every other program has 0 in all five.  Synthetic instructions do not use up the
     * program's own limits: max_exec_instructions includes num_prologue +
     * num_epilogue, max_call_depth the fog wrapper's CAL.  0 = none, except
     * max_call_depth (0 = 8, the gp_limits_default value; so a gp_limits
     * call depth of 0 is stored as 1).  An invocation that exceeds one
     * terminates, keeping the results written so far:
     *   max_exec_instructions  instructions executed per invocation
     *                          (NV_vertex_program2_option 2.14.4.X,
     *                          NV_fragment_program2 3.11.4.X; not NV4)
     *   max_call_depth         CAL / PUSHA entries on the call stack
     *                          (2.14.5.31, 3.11.X.2, NV_vertex_program3 PUSHA)
     *   max_if_depth           active IF blocks at an IF, across calls
     *                          (NV_fragment_program2 3.11.X.7; not NV4)
     *   max_loop_depth         active REP/LOOP blocks at a REP/LOOP, across
     *                          calls (3.11.X.8/9; not NV4)
     *   max_loop_count         initial REP/LOOP counts are clamped to it
     *                          (NV_fragment_program2 3.11.4.X) */
    int max_exec_instructions;
    int max_call_depth;
    int max_if_depth;
    int max_loop_depth;
    int max_loop_count;
    /* Added by the executor: 0 until the program first runs, then a number
     * unique in the process (never reused) under which each thread's
     * gp_machine caches the program's prepared form (gp_exec.c), so a
     * program allocated where a freed one was is never taken for it.  With
     * backend_code below, what the executor writes in a program (atomics);
     * gp_lower's memset starts both at 0. */
    _Atomic uint64_t exec_serial;
    /* NV5 subroutines (gp_subroutine.c; NULL / 0 without SUBROUTINE
     * declarations).  CALI (GP_OP_CALI, nsrc 0) names its subroutine
     * variable's element in src[0]: file GP_FILE_NONE, index = row of
     * sub_elem_param (+ relative index, rel_lo/rel_hi the variable's rows;
     * an effective row outside them calls nothing), cond its "(cc)".  Per
     * lane the executor takes param = sub_elem_param[row], num =
     * env->subroutine_params[param] (none if param >= num_subroutine_params)
     * and calls the target of the sub_entries row (type sub_param_type[param],
     * num); no such row: the lane does not call (falls through, like a
     * CAL whose condition fails).  One malloc block, freed with the program. */
    const int32_t *sub_elem_param;  /* per variable element: program.subroutine index */
    const int32_t *sub_param_type;  /* per index < info.num_subroutine_params: type or -1 */
    const int32_t (*sub_entries)[3]; /* (type, SUBROUTINENUM, target insn), by type then num */
    int num_sub_entries;
    void *sub_block;
    /* NV_shader_thread_group vertex./fragment. thread bindings
     * (BIND.V.THREAD BIND.V.WARP BIND.F.THREAD BIND.F.HELPER): the program
     * reads GP_FILE_INPUT rows GP_IN_THREAD.. +2, which no caller
     * provides: gp_exec copies the inputs into its machine and fills them
     * per lane l of the thread group (the GP_LANES lanes of the call,
     * glprog.h "Thread groups"; all unsigned/signed integers):
     *   GP_IN_THREAD + 0  (threadid = l, warpid = 0, smid = 0,
     *                      helperthread = -1 in env->helper_mask lanes, else 0)
     *   GP_IN_THREAD + 1  (threadeqmask = 1 << l, threadltmask = (1 << l) - 1,
     *                      threadlemask = (2 << l) - 1, threadgtmask =
     *                      0xffff & ~lemask)
     *   GP_IN_THREAD + 2  (threadgemask = 0xffff & ~ltmask, 0, 0, 0)
     * bound like fragment.sampleid (one component, every swizzle reads it).
     * The rows are >= 64, so they are not in info.inputs_read.  warpid /
     * smid are 0: one thread group per "SM" and one "SM"
     * (state.thread.warpspersm = smcount = 1), constants so results do not
     * depend on the worker count.  Geometry programs (primitive.threadid ..,
     * BIND.G.THREAD) read the same values, made per lane by
     * fetch_geo_input (their inputs are per vertex, so no rows are
     * copied); helperthread is a fragment binding only. */
    uint8_t uses_thread;
    /* For the executor's backends (gp_backend.h): leaders[i] = 1 when
     * instruction i begins a basic block (gp_program_find_leaders), set by
     * gp_lower, NULL in programs built otherwise; and each backend's code
     * for this program, slot gp_backend.slot (0 empty, 1 being prepared,
     * 2 no code, else a gp_code *).  gp_program_free frees both: code that
     * makes a gp_program from another one allocates its own leaders and
     * starts with zeroed slots, never copies these. */
    uint8_t *leaders;
    _Atomic uintptr_t backend_code[GP_BACKEND_SLOTS];
    /* The punch-through decide program (glprog.h gp_program_punch_decide,
     * gp_lower_punch.c), made on first request: 0 not yet, 1 none, else a
     * gp_program * that gp_program_free frees with p.  Like the fields
     * above, never copied into a program made from this one. */
    _Atomic uintptr_t punch;
};
#define GP_IN_THREAD 64

/* Tessellation programs (NV_tessellation_program5; glprog.h
 * "tessellation").  Input operands (GP_FILE_INPUT, all read by
 * glprog/exec/runtime.c fetch_tess_input):
 *   index < GP_VARY_COUNT        slot of input-patch vertex v (gp_src.vtx /
 *                                vtx_rel as for geometry programs):
 *                                env->patch_in, broadcast to every lane
 *   GP_TIN_VOUT + slot           control: slot of output-patch vertex v
 *                                (vertex.out[m]): lane v % GP_LANES of the
 *                                chunk v / GP_LANES of env->outputs
 *   GP_TIN_PATCH + GP_PATCH_*    per-patch row: evaluation programs'
 *                                env->patch_attr_in, control programs'
 *                                env->patch_out (primitive.out.*)
 *   GP_TIN_PRIM                  (primitive.id, primitive.invocation,
 *                                primitive.vertexcount, 0) signed ints
 *   GP_TIN_COORD                 evaluation: vertex.tesscoord, env->inputs
 *                                row GP_TIN_TESSCOORD per lane
 *   GP_TIN_LEVEL + n             tessouter[n] (n < 4), tessinner[n - 4]:
 *                                (level, 0, 0, 0) of the per-patch rows
 *                                above, a row per level so that arrays of
 *                                them can be indexed at run time
 * One-component bindings (the levels, the GP_TIN_PRIM items) fold the
 * component into the swizzle: the GP_TIN_PRIM items as clip distances do,
 * the levels as fragment.sampleid does (every swizzle reads x).
 * Outputs of control programs: rows < GP_VARY_COUNT per vertex (the
 * invocation's own), GP_VARY_COUNT + GP_PATCH_ATTR0 + n per patch
 * (result.patch.attrib[n]), GP_TCP_LEVEL_ROW + n the levels as the inputs
 * number them (x counts); a per-patch write lands per lane in the chunk's
 * scratch rows and is published to env->patch_out before the next
 * instruction (exec/runtime.c tcp_publish). */
enum {
    GP_TIN_VOUT = 128,
    GP_TIN_PATCH = 192,
    GP_TIN_PRIM = GP_TIN_PATCH + GP_PATCH_ROWS,
    GP_TIN_COORD,
    GP_TIN_LEVEL,           /* + 0..3 tessouter[n], + 4..5 tessinner[n] */
    GP_TIN_END = GP_TIN_LEVEL + 6
};
/* A control program's level rows in its output file (tessouter[n]: + n,
 * tessinner[n]: + 4 + n), after the per-patch scratch rows. */
#define GP_TCP_LEVEL_ROW (GP_VARY_COUNT + GP_PATCH_ROWS)
static inline bool gp_tess_stage(int stage)
{
    return stage == GP_STAGE_TESS_CONTROL || stage == GP_STAGE_TESS_EVAL;
}

/* Executor debugging (gp_exec.c): with fast paths off, every instruction of
 * programs run on m takes the generic fetch / store path.  Results are the
 * same bits either way (tests run both).  On by default. */
void gp_machine_set_fast_paths(gp_machine *m, bool on);

#endif /* GLPROG_GP_IR_H */
