// Umbrella header of core/signature: the element model, interpolation resolution, packing,
// verification, the container view and the printers. See docs/signatures.md.
#pragma once

#include "core/signature/ElementFactory.h"
#include "core/signature/Interpolation.h"
#include "core/signature/MetadataRecord.h"
#include "core/signature/Packing.h"
#include "core/signature/SemanticTable.h"
#include "core/signature/SignatureElement.h"
#include "core/signature/SignaturePrinter.h"
#include "core/signature/SignatureTable.h"
#include "core/signature/SignatureVerifier.h"
