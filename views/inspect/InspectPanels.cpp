#include "views/inspect/InspectPanels.h"

#include "views/ClippedText.h"
#include "views/Palette.h"

#include <imgui.h>

#include <algorithm>

namespace sl::views {

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
      else clippedText(row.hlslRegister);
      ImGui::TableNextColumn();
      clippedText(row.space.empty() ? "space0" : "space" + row.space);
      ImGui::TableNextColumn();
      ImGui::Text("%u", row.set);
      ImGui::TableNextColumn();
      ImGui::Text("%u", row.binding);
      ImGui::TableNextColumn();
      clippedText(row.descriptorType + (row.count == "1" ? "" : "[" + row.count + "]"));
      ImGui::TableNextColumn();
      clippedText(row.hlslType);
      ImGui::TableNextColumn();
      clippedText(row.name + " " + row.detail);
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
            tooltipIfClipped(site.columns[c]);
            ImGui::PopID();
          } else {
            clippedText(site.columns[c]);
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
          if (c < row.columns.size()) clippedText(row.columns[c]);
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

}  // namespace sl::views
