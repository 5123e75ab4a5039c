#include "tests/unit/signature/ElementBuilder.h"

#include <sstream>

#include <catch2/catch.hpp>

#include "core/signature/ElementFactory.h"
#include "core/signature/SignaturePrinter.h"

namespace sl::signature::test {

std::vector<SignatureElement> buildSignature(const std::vector<Decl>& decls, SignatureKind point) {
  std::vector<SignatureElement> out;
  for (const Decl& d : decls) {
    const LeafDeclaration leaf{d.semantic, d.type, d.rows, d.cols, d.modifiers, d.indices};
    SignatureElement e = makeLeafElement(static_cast<uint32_t>(out.size()), leaf, point).element;
    e.usageMask = d.usage < 0 ? static_cast<uint8_t>((1u << d.cols) - 1u) : static_cast<uint8_t>(d.usage);
    out.push_back(std::move(e));
  }
  return out;
}

PackedSignature packDecls(const std::vector<Decl>& decls, SignatureKind point, PackingStrategy strategy,
                          const PackOptions& options) {
  return pack(buildSignature(decls, point), point, strategy, options);
}

const SignatureElement& findElement(const PackedSignature& signature, const std::string& name, uint32_t index) {
  for (const SignatureElement& e : signature.elements)
    if (e.semanticName == name && e.firstSemanticIndex() == index) return e;
  FAIL("no element " << name << index);
  return signature.elements.front();
}

std::vector<std::string> printedRows(const PackedSignature& signature) {
  std::vector<std::string> rows;
  std::istringstream in(printSignatureTable(signature));
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("; ", 0) != 0 || line.rfind("; Name ", 0) == 0 || line.rfind("; ---", 0) == 0 ||
        line.find("signature:") != std::string::npos || line == "; no parameters")
      continue;
    while (!line.empty() && line.back() == ' ') line.pop_back();
    rows.push_back(line);
  }
  return rows;
}

}  // namespace sl::signature::test
