#include "views/inspect/InspectPanels.h"

#include "views/Palette.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

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

}  // namespace

const Reflection* BindingsPanel::reflection(const std::shared_ptr<const CompileResult>& snapshot) {
  if (!snapshot) return nullptr;
  if (snapshot != cachedFor_) {
    cachedFor_ = snapshot;
    cached_.reset();
    if (const StageArtifact* refl = snapshot->stage("reflection")) {
      const StageArtifact* ir = snapshot->stage("ir");
      cached_ = std::make_unique<Reflection>(parseReflection(refl->text, ir ? std::string_view(ir->text) : std::string_view()));
    }
  }
  return cached_.get();
}

uint32_t BindingsPanel::draw(const std::shared_ptr<const CompileResult>& snapshot, const ViewFonts& fonts) {
  uint32_t clickedLine = 0;
  const Reflection* r = reflection(snapshot);
  if (!r) {
    ImGui::TextDisabled("No reflection stage in this compile. It runs on the SPIR-V target (-spirv) when the IR is bound.");
    return 0;
  }
  ImGui::Text("Entry point: %s", r->entryPoint.c_str());
  if (!r->workgroupSize.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("| workgroup size %s", r->workgroupSize.c_str());
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  ImGui::TextUnformatted("Resources");
  if (r->bindings.empty()) {
    ImGui::TextDisabled("  none");
  } else if (ImGui::BeginTable("##bindings", 7, flags)) {
    // Two resources at one set/binding (t0 and u0 under DXC's default mapping) cannot both be bound.
    const std::vector<SharedSlot> shared = sharedSlots(r->bindings);
    std::vector<bool> clash(r->bindings.size(), false);
    for (const SharedSlot& slot : shared)
      for (size_t row : slot.rows) clash[row] = true;
    for (const char* column : {"Register", "Space", "Set", "Binding", "Descriptor", "Type", "Name"}) ImGui::TableSetupColumn(column);
    ImGui::TableHeadersRow();
    ImGui::PushFont(fonts.mono);
    for (size_t index = 0; index < r->bindings.size(); ++index) {
      const BindingRow& row = r->bindings[index];
      ImGui::TableNextRow();
      if (clash[index]) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, withAlpha(severityColor(Severity::Error), 0.30f));
      ImGui::TableNextColumn();
      if (row.hlslRegister.empty()) ImGui::TextDisabled("implicit");
      else ImGui::TextUnformatted(row.hlslRegister.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.space.empty() ? "space0" : ("space" + row.space).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%u", row.set);
      ImGui::TableNextColumn();
      ImGui::Text("%u", row.binding);
      ImGui::TableNextColumn();
      ImGui::Text("%s%s", row.descriptorType.c_str(), row.count == "1" ? "" : ("[" + row.count + "]").c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.hlslType.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%s %s", row.name.c_str(), row.detail.c_str());
    }
    ImGui::PopFont();
    ImGui::EndTable();
    for (const SharedSlot& slot : shared)
      ImGui::TextColored(severityColor(Severity::Error),
                         "%s: a run cannot bind both. Separate them with -fvk-{b,t,u,s}-shift or [[vk::binding]] "
                         "(the Run tab's New from shader adds a shift)",
                         slot.message.c_str());
  }
  ImGui::Spacing();
  ImGui::TextUnformatted("Push constants");
  if (r->pushConstants.empty()) ImGui::TextDisabled("  none");
  for (const PushConstantRow& pc : r->pushConstants) ImGui::BulletText("%s  %s", pc.name.c_str(), pc.size.c_str());
  ImGui::Spacing();
  ImGui::TextUnformatted("Descriptor heap access sites");
  if (r->heapSites.empty()) {
    ImGui::TextDisabled("  none in this shader (or not reported by this build's reflection stage)");
  } else {
    size_t columns = 1;
    for (const HeapSiteRow& site : r->heapSites) columns = std::max(columns, site.columns.size());
    columns = std::min<size_t>(columns, 12);
    if (ImGui::BeginTable("##heap", int(columns), flags)) {
      ImGui::PushFont(fonts.mono);
      for (size_t i = 0; i < r->heapSites.size(); ++i) {
        const HeapSiteRow& site = r->heapSites[i];
        ImGui::TableNextRow();
        for (size_t c = 0; c < columns; ++c) {
          ImGui::TableNextColumn();
          if (c >= site.columns.size()) continue;
          if (c == 0 && heapSiteLine(site)) {
            // The site's line: click to show it in the editor.
            ImGui::PushID(int(i));
            if (ImGui::Selectable(site.columns[c].c_str())) clickedLine = heapSiteLine(site);
            ImGui::PopID();
          } else {
            ImGui::TextUnformatted(site.columns[c].c_str());
          }
        }
      }
      ImGui::PopFont();
      ImGui::EndTable();
    }
  }
  for (const ReflectionTable& table : r->tables) {
    ImGui::Spacing();
    ImGui::TextUnformatted(table.title.c_str());
    size_t columns = 1;
    for (const HeapSiteRow& row : table.rows) columns = std::max(columns, row.columns.size());
    columns = std::min<size_t>(columns, 12);
    if (!table.rows.empty() && ImGui::BeginTable(table.title.c_str(), int(columns), flags)) {
      ImGui::PushFont(fonts.mono);
      for (const HeapSiteRow& row : table.rows) {
        ImGui::TableNextRow();
        for (size_t c = 0; c < columns; ++c) {
          ImGui::TableNextColumn();
          if (c < row.columns.size()) ImGui::TextUnformatted(row.columns[c].c_str());
        }
      }
      ImGui::PopFont();
      ImGui::EndTable();
    }
  }
  if (!r->otherLines.empty()) {
    ImGui::Spacing();
    ImGui::PushFont(fonts.mono);
    for (const std::string& line : r->otherLines) ImGui::TextUnformatted(line.c_str());
    ImGui::PopFont();
  }
  return clickedLine;
}

void SignaturePanel::setOptimized(bool optimized) {
  if (optimized != optimized_ || !built_) {
    optimized_ = optimized;
    fixture_ = signatureFixture(optimized ? signature::PackingStrategy::Optimized : signature::PackingStrategy::PrefixStable);
    built_ = true;
  }
}

const SignatureFixture& SignaturePanel::fixture() {
  if (!built_) setOptimized(optimized_);
  return fixture_;
}

void drawSignatureGrid(const char* id, const SignatureGrid& grid, const ViewFonts& fonts) {
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
      ImGui::TextUnformatted(e.semantic.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(e.componentType.c_str());
      ImGui::TableNextColumn();
      if (e.startRow < 0) ImGui::TextDisabled("-");
      else ImGui::Text("%d", e.startRow);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(e.mask.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(e.interpolation.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(e.systemValue.c_str());
    }
    ImGui::PopFont();
    ImGui::EndTable();
  }
  for (const std::string& d : grid.diagnostics) ImGui::TextColored(severityColor(Severity::Warning), "%s", d.c_str());
  ImGui::PopID();
}

void SignaturePanel::draw(const ViewFonts& fonts) {
  const SignatureFixture& f = fixture();
  ImGui::TextDisabled("The compiler has no graphics stages yet; these signatures come from a fixture vertex.");
  bool optimized = optimized_;
  if (ImGui::Checkbox("-pack-optimized", &optimized)) setOptimized(optimized);
  std::vector<std::string> issues = checkSignatureLinkage(f.vsOutput, f.psInput);
  if (issues.empty()) ImGui::TextColored(ImVec4(0.45f, 0.85f, 0.50f, 1.0f), "VS output links to PS input");
  for (const std::string& issue : issues) ImGui::TextColored(severityColor(Severity::Error), "Linkage: %s", issue.c_str());
  ImGui::Separator();
  const float half = ImGui::GetContentRegionAvail().x * 0.5f;
  ImGui::BeginChild("##vs", ImVec2(half, 0));
  drawSignatureGrid("vs", buildSignatureGrid(f.vsOutput), fonts);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("##ps", ImVec2(0, 0));
  drawSignatureGrid("ps", buildSignatureGrid(f.psInput), fonts);
  ImGui::EndChild();
}

}  // namespace sl::views
