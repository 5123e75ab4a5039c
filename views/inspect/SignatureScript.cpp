// The scripted GUI session's Signatures tab verbs (views/Script.h; listed in docs/app.md):
//   signature optimized|prefix-stable        the -pack-optimized checkbox (recompiles; wait-compile after)
//   signature-pair ENTRY [file=PATH] [profile=P] | none
//                                            pairs the compiled entry, waits for the pair's compile
//   expect-signature input|output|vs-output|ps-input TEXT|none
//                                            an element line ("TEXCOORD0 F32 r1 xy__ Linear") contains TEXT
//   expect-signature-message TEXT            the tab's headline (or its stale note) contains TEXT
//   expect-signature-linked yes|no [TEXT]    the pair links, or does not (TEXT: part of the reason)
#include "views/Script.h"

#include "views/Workspace.h"

#include <chrono>

namespace sl::views {

namespace {

constexpr std::chrono::seconds kPairWait{60};

bool has(std::string_view haystack, std::string_view needle) { return haystack.find(needle) != std::string_view::npos; }

std::vector<std::string> lines(const signature::PackedSignature& sig) {
  std::vector<std::string> out;
  for (const GridElement& e : buildSignatureGrid(sig).elements) out.push_back(elementLine(e));
  return out;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += (out.empty() ? "" : "; ") + l;
  return out.empty() ? "none" : out;
}

}  // namespace

void GuiScript::signatureStep(const ScriptStep& step, Workspace& ws) {
  const std::string& v = step.verb;
  const auto& w = step.words;
  if (w.empty()) {
    fail(step, "needs an argument");
    return;
  }
  // What the tab would show now: the newest compile, and the pair's compile finished.
  ws.refreshSnapshot();
  SignaturePanel& panel = ws.signaturePanel();
  panel.update(ws.snapshot());
  auto waitForPair = [&] {
    if (!panel.pairer().waitUntilIdle(kPairWait)) fail(step, "the paired entry's compile did not finish in 60 s");
  };

  if (v == "signature") {
    if (w[0] != "optimized" && w[0] != "prefix-stable") fail(step, "optimized or prefix-stable");
    else ws.setPackOptimized(w[0] == "optimized");
  } else if (v == "signature-pair") {
    if (w[0] == "none") {
      panel.unpair();
      return;
    }
    std::string path, profile;
    for (size_t i = 1; i < w.size(); ++i) {
      if (w[i].rfind("file=", 0) == 0) path = w[i].substr(5);
      else if (w[i].rfind("profile=", 0) == 0) profile = w[i].substr(8);
      else return fail(step, "'" + w[i] + "': file=PATH or profile=P");
    }
    panel.pairWith(w[0], path, profile);
    waitForPair();
  } else if (v == "expect-signature-message") {
    const SignatureTabState s = panel.state();
    if (!has(s.headline, step.rest) && !has(s.staleNote, step.rest))
      fail(step, "the tab says '" + s.headline + (s.staleNote.empty() ? "" : " " + s.staleNote) + "'");
  } else if (v == "expect-signature") {
    const std::string& which = w[0];
    const signature::PackedSignature* sig = nullptr;
    SignaturePairView pair;
    if (which == "input" || which == "output") {
      const SignatureTabState s = panel.state();
      if (!s.hasGrids()) return fail(step, "the tab draws no signature: " + s.headline);
      sig = which == "input" ? &s.entry()->inputs : &s.entry()->outputs;
    } else if (which == "vs-output" || which == "ps-input") {
      waitForPair();
      pair = panel.pair();
      if (!pair.linkage || !pair.linkage->checked) return fail(step, "no pair is checked");
      sig = which == "vs-output" ? pair.linkage->vsOutput : pair.linkage->psInput;
    } else {
      return fail(step, "input, output, vs-output or ps-input");
    }
    // `sig` points into compiles the panel (or `pair`'s shared results) keeps alive.
    const std::vector<std::string> elements = lines(*sig);
    const std::string text = step.restAfter(1);
    if (text == "none") {
      if (!elements.empty()) fail(step, "the signature has " + joined(elements));
      return;
    }
    bool found = false;
    for (const std::string& e : elements) found |= has(e, text);
    if (!found) fail(step, "no element line contains '" + text + "': " + joined(elements));
  } else if (v == "expect-signature-linked") {
    if (w[0] != "yes" && w[0] != "no") return fail(step, "yes or no");
    waitForPair();
    const SignaturePairView pair = panel.pair();
    if (!pair.wanted) return fail(step, "no entry is paired (signature-pair ENTRY)");
    if (!pair.error.empty() && w[0] == "yes") return fail(step, pair.error);
    if (!pair.linkage && pair.error.empty()) return fail(step, "the pair has not been compiled");
    const bool linked = pair.linkage && pair.linkage->linked();
    std::string why = pair.error;
    if (pair.linkage) {
      why += pair.linkage->problem;
      for (const std::string& issue : pair.linkage->issues) why += (why.empty() ? "" : "; ") + issue;
    }
    if (w[0] == "yes") {
      if (!linked) fail(step, "they do not link: " + why);
    } else if (linked) {
      fail(step, "the signatures link");
    } else if (w.size() > 1 && !has(why, step.restAfter(1))) {
      fail(step, "the reason is '" + why + "'");
    }
  }
}

}  // namespace sl::views
