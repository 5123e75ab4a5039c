#include "views/inspect/SignaturePanel.h"

#include "views/ClippedText.h"
#include "views/Palette.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace sl::views {

namespace {

ImVec4 elementColor(int element) {
  // Distinct hues, repeating after eight elements.
  static const ImVec4 colors[] = {
      {0.35f, 0.60f, 0.95f, 1.0f}, {0.95f, 0.60f, 0.30f, 1.0f}, {0.45f, 0.85f, 0.50f, 1.0f}, {0.85f, 0.45f, 0.85f, 1.0f},
      {0.95f, 0.85f, 0.35f, 1.0f}, {0.40f, 0.85f, 0.85f, 1.0f}, {0.90f, 0.40f, 0.45f, 1.0f}, {0.65f, 0.65f, 0.95f, 1.0f},
  };
  return colors[size_t(element) % (sizeof colors / sizeof colors[0])];
}

const ImVec4 kLinkedColor(0.45f, 0.85f, 0.50f, 1.0f);


// Two register grids side by side, each in a column of its own, then their element tables at the
// full width (side by side, their interpolation and system value columns would not fit).
void drawGridPair(const char* id, const char* leftLabel, const SignatureGrid& left, const char* rightLabel,
                  const SignatureGrid& right, const ViewFonts& fonts) {
  ImGui::PushID(id);
  if (ImGui::BeginTable("##grids", 2, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", leftLabel);
    drawRegisterGrid("left", left);
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", rightLabel);
    drawRegisterGrid("right", right);
    ImGui::EndTable();
  }
  ImGui::TextDisabled("%s", leftLabel);
  drawElementTable("left", left, fonts);
  ImGui::TextDisabled("%s", rightLabel);
  drawElementTable("right", right, fonts);
  ImGui::PopID();
}

}  // namespace

void SignaturePanel::update(const std::shared_ptr<const CompileResult>& snapshot) {
  if (snapshot == snapshot_) {
    pairer_.poll();
    return;
  }
  // Another document: its last good compile and its pairing are not this one's.
  if (snapshot && snapshot_ && snapshot->fileName != snapshot_->fileName) {
    lastGood_.reset();
    unpair();
  }
  snapshot_ = snapshot;
  if (snapshot_ && snapshot_->succeeded && snapshot_->entryInterface && snapshot_->entryInterface->graphics) lastGood_ = snapshot_;
  if (pairWanted_ && snapshot_ != pairedFor_) requestPair();
  pairer_.poll();
}

void SignaturePanel::pairWith(std::string entry, std::string path, std::string profile) {
  pairWanted_ = true;
  pairEntry_ = std::move(entry);
  pairPath_ = std::move(path);
  pairProfile_ = std::move(profile);
  entryField_ = pairEntry_, pathField_ = pairPath_, profileField_ = pairProfile_;
  scrollToLinkage_ = true;
  requestPair();
}

void SignaturePanel::unpair() {
  pairWanted_ = false;
  pairedFor_.reset();
  pairer_.clear();
}

void SignaturePanel::requestPair() {
  pairedFor_ = snapshot_;
  if (!snapshot_) return;
  const std::string profile = pairProfile_.empty() ? pairedProfile(snapshot_->options.profile) : pairProfile_;
  if (profile.empty()) {
    pairer_.clear();  // nothing to pair a compute (or library) entry with; pair() says so
    return;
  }
  SignaturePairRequest r;
  r.entry = pairEntry_;
  r.profile = profile;
  r.path = pairPath_;
  r.fileName = snapshot_->fileName;
  r.source = snapshot_->source;
  r.baseDir = std::filesystem::path(snapshot_->fileName).parent_path().string();
  r.options = snapshot_->options;
  pairer_.request(std::move(r));
}

SignaturePairView SignaturePanel::pair() const {
  SignaturePairView v;
  v.wanted = pairWanted_;
  if (!pairWanted_) return v;
  v.entry = pairEntry_, v.path = pairPath_, v.profile = pairProfile_;
  const SignatureTabState s = state();
  if (!s.source || !s.entry() || !s.entry()->graphics) {
    SignatureLinkage none;
    none.problem = s.source ? "the compiled entry is not a vertex or pixel shader: there is no signature to link"
                            : "the signatures need a successful compile";
    v.linkage = std::move(none);
    return v;
  }
  v.compiling = pairer_.busy();
  std::shared_ptr<const SignaturePairResult> r = pairer_.latest();
  if (v.compiling || !r) {
    v.compiling = true;
    return v;
  }
  v.profile = r->request.profile;
  v.milliseconds = r->milliseconds;
  if (!r->error.empty()) {
    v.error = r->error;
    return v;
  }
  v.linkage = checkPairedEntries(*s.source, *r->compiled);
  return v;
}

std::optional<bool> SignaturePanel::draw(const std::shared_ptr<const CompileResult>& snapshot, const ViewFonts& fonts) {
  update(snapshot);
  std::optional<bool> packRequest;
  const SignatureTabState s = state();
  using Kind = SignatureTabState::Kind;
  const ImVec4 headlineColor = s.kind == Kind::Failed ? severityColor(Severity::Error)
                               : s.kind == Kind::Graphics ? ImGui::GetStyleColorVec4(ImGuiCol_Text)
                                                          : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(headlineColor, "%s", s.headline.c_str());
  if (s.stale) ImGui::TextColored(severityColor(Severity::Warning), "%s", s.staleNote.c_str());
  ImGui::PopTextWrapPos();
  if (!s.hasGrids()) return packRequest;

  const EntryInterface& e = *s.entry();
  bool optimized = s.source->options.packOptimized;
  if (ImGui::Checkbox("-pack-optimized", &optimized)) packRequest = optimized;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Recompiles with -pack-optimized: the DXIL stages, the command line and the paired entry follow.");
  for (const Diagnostic& d : e.diagnostics) {
    const std::string line = renderDiagnostic(d);
    ImGui::TextColored(severityColor(d.severity), "%s", line.substr(0, line.find('\n')).c_str());
  }
  // Stale grids (the last good compile's) are drawn faded.
  if (s.stale) ImGui::PushStyleVar(ImGuiStyleVar_Alpha, 0.55f);
  drawGridPair("##own", "Input signature", buildSignatureGrid(e.inputs), "Output signature", buildSignatureGrid(e.outputs), fonts);
  if (s.stale) ImGui::PopStyleVar();

  ImGui::Separator();
  ImGui::TextUnformatted(e.stage == "vertex" ? "Linkage: this VS output -> a pixel shader's input"
                                             : "Linkage: a vertex shader's output -> this PS input");
  if (!e.otherEntries.empty()) {
    ImGui::TextDisabled("This file's entries:");
    for (const std::string& other : e.otherEntries) {
      ImGui::SameLine();
      if (ImGui::SmallButton(other.c_str())) pairWith(other);
    }
  }
  // The fields share what the buttons leave of the row.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float buttons = ImGui::CalcTextSize("Check linkage").x + ImGui::CalcTextSize("Clear").x + style.FramePadding.x * 4 +
                        style.ItemSpacing.x * 5;
  const float fields = std::max(ImGui::GetContentRegionAvail().x - buttons, ImGui::GetFontSize() * 12.0f);
  ImGui::SetNextItemWidth(fields * 0.3f);
  ImGui::InputTextWithHint("##pair_entry", "entry", &entryField_);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(fields * 0.5f);
  ImGui::InputTextWithHint("##pair_file", "file (empty: this one)", &pathField_);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(fields * 0.2f);
  const std::string profileHint = pairedProfile(s.source->options.profile);
  ImGui::InputTextWithHint("##pair_profile", profileHint.c_str(), &profileField_);
  ImGui::SameLine();
  ImGui::BeginDisabled(entryField_.empty());
  if (ImGui::Button("Check linkage")) pairWith(entryField_, pathField_, profileField_);
  ImGui::EndDisabled();
  const SignaturePairView p = pair();
  if (p.wanted) {
    ImGui::SameLine();
    if (ImGui::Button("Clear")) unpair();
  }
  if (!p.wanted) {
    ImGui::TextDisabled("Pick the other stage's entry to check that the pair links.");
    return packRequest;
  }
  if (scrollToLinkage_ && !p.compiling) {
    ImGui::SetScrollHereY(0.1f);
    scrollToLinkage_ = false;
  }
  ImGui::PushTextWrapPos(0.0f);
  if (p.compiling) ImGui::TextDisabled("Compiling %s...", p.entry.c_str());
  else if (!p.error.empty()) ImGui::TextColored(severityColor(Severity::Error), "%s", p.error.c_str());
  else if (p.linkage && !p.linkage->checked) ImGui::TextColored(severityColor(Severity::Error), "%s", p.linkage->problem.c_str());
  else if (p.linkage && p.linkage->linked())
    ImGui::TextColored(kLinkedColor, "VS output %s links to PS input %s", p.linkage->vsName.c_str(), p.linkage->psName.c_str());
  else if (p.linkage) {
    ImGui::TextColored(severityColor(Severity::Error), "VS output %s does not link to PS input %s:", p.linkage->vsName.c_str(),
                       p.linkage->psName.c_str());
    for (const std::string& issue : p.linkage->issues) ImGui::TextColored(severityColor(Severity::Error), "  %s", issue.c_str());
  }
  if (!p.compiling && p.milliseconds > 0)
    ImGui::TextDisabled("%s (%s) compiled in %.1f ms, off the UI thread", p.entry.c_str(), p.profile.c_str(), p.milliseconds);
  ImGui::PopTextWrapPos();
  if (p.linkage && p.linkage->checked)
    drawGridPair("##pair", "VS output", buildSignatureGrid(*p.linkage->vsOutput), "PS input", buildSignatureGrid(*p.linkage->psInput),
                 fonts);
  return packRequest;
}

void drawRegisterGrid(const char* id, const SignatureGrid& grid) {
  ImGui::PushID(id);
  ImGui::TextUnformatted(grid.title.c_str());
  const float cell = ImGui::GetFontSize() * 2.2f;
  const float rowHeight = ImGui::GetTextLineHeight() * 1.5f;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  ImVec2 origin = ImGui::GetCursorScreenPos();
  const float labelWidth = ImGui::CalcTextSize("r00 ").x;
  const ImU32 border = ImGui::GetColorU32(ImGuiCol_Border);
  for (int c = 0; c < 4; ++c)
    draw->AddText(ImVec2(origin.x + labelWidth + cell * float(c) + cell * 0.4f, origin.y), ImGui::GetColorU32(ImGuiCol_TextDisabled),
                  std::string(1, "xyzw"[c]).c_str());
  origin.y += rowHeight;
  char label[24];
  for (size_t r = 0; r < grid.rows.size(); ++r) {
    const float y = origin.y + rowHeight * float(r);
    std::snprintf(label, sizeof label, "r%zu", r);
    draw->AddText(ImVec2(origin.x, y + 2), ImGui::GetColorU32(ImGuiCol_TextDisabled), label);
    for (int c = 0; c < 4; ++c) {
      const GridCell& gc = grid.rows[r][size_t(c)];
      const ImVec2 a(origin.x + labelWidth + cell * float(c), y), b(a.x + cell - 2, y + rowHeight - 2);
      if (gc.element >= 0) {
        ImVec4 color = elementColor(gc.element);
        draw->AddRectFilled(a, b, withAlpha(color, gc.used ? 0.75f : 0.30f));
        if (gc.dynamic) draw->AddRect(a, b, ImGui::GetColorU32(ImVec4(1, 1, 1, 1)), 0, 0, 2.0f);
        ImGui::SetCursorScreenPos(a);
        ImGui::PushID(int(r * 4 + size_t(c)));
        ImGui::InvisibleButton("##cell", ImVec2(cell - 2, rowHeight - 2));
        ImGui::PopID();
        if (ImGui::IsItemHovered()) {
          const GridElement& e = grid.elements[size_t(gc.element)];
          ImGui::SetTooltip("%s  %s  mask %s  used %s%s%s", e.semantic.c_str(), e.componentType.c_str(), e.mask.c_str(),
                            e.usage.c_str(), e.interpolation.empty() ? "" : ("  " + e.interpolation).c_str(),
                            gc.dynamic ? "  dynamically indexed" : "");
        }
      }
      draw->AddRect(a, b, border);
    }
  }
  ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + rowHeight * float(std::max<size_t>(grid.rows.size(), 1))));
  ImGui::Dummy(ImVec2(labelWidth + cell * 4, 2));
  ImGui::PopID();
}

void drawElementTable(const char* id, const SignatureGrid& grid, const ViewFonts& fonts) {
  ImGui::PushID(id);
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("##elements", 7, flags)) {
    for (const char* column : {"", "Semantic", "Type", "Row", "Mask", "Interpolation", "System value"}) ImGui::TableSetupColumn(column);
    ImGui::TableHeadersRow();
    ImGui::PushFont(fonts.mono);
    for (size_t i = 0; i < grid.elements.size(); ++i) {
      const GridElement& e = grid.elements[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::ColorButton("##c", elementColor(int(i)), ImGuiColorEditFlags_NoTooltip, ImVec2(10, 10));
      ImGui::TableNextColumn();
      clippedText(e.semantic);
      ImGui::TableNextColumn();
      clippedText(e.componentType);
      ImGui::TableNextColumn();
      if (e.startRow < 0) ImGui::TextDisabled("-");
      else ImGui::Text("%d", e.startRow);
      ImGui::TableNextColumn();
      clippedText(e.mask);
      ImGui::TableNextColumn();
      clippedText(e.interpolation);
      ImGui::TableNextColumn();
      clippedText(e.systemValue);
    }
    ImGui::PopFont();
    ImGui::EndTable();
  }
  for (const std::string& d : grid.diagnostics) ImGui::TextColored(severityColor(Severity::Warning), "%s", d.c_str());
  ImGui::PopID();
}

}  // namespace sl::views
