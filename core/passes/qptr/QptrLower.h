// qptr.lower: SPIR-V pointer types and instructions -> the untyped `qptr` and qptr.* ops
// (design/qptr.md §6). Access chains become byte-offset arithmetic (offset / dyn_offset /
// buffer_data / handle_array_index), loads and stores qptr.load / qptr.store, function-local
// variables qptr.func_local_var, OpArrayLength qptr.buffer_dyn_len, pointer bitcasts no-op
// offsets; any other instruction touching pointers is kept and annotated (fallback).
#pragma once

#include "core/passes/qptr/QptrState.h"

namespace sl::qptr {

// Lowers every global and function of `module`; problems are reported in `state.diagnostics`
// and as `qptr.error` attributes, never by aborting. Returns false if any error was reported.
bool lowerToQptr(ir::Module& module, QptrState& state);

}  // namespace sl::qptr
