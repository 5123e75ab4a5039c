#include "views/editor/TextBuffer.h"

#include <algorithm>

namespace sl::views::editor {

namespace {

bool isContinuationByte(unsigned char c) { return (c & 0xC0) == 0x80; }
bool isBlank(char c) { return c == ' ' || c == '\t'; }

std::string encodeUtf8(uint32_t cp) {
  std::string out;
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += char(0xE0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x110000) {
    out += char(0xF0 | (cp >> 18));
    out += char(0x80 | ((cp >> 12) & 0x3F));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  }
  return out;
}

size_t leadingBlanks(const std::string& line) {
  size_t n = 0;
  while (n < line.size() && isBlank(line[n])) ++n;
  return n;
}

// 0: blank, 1: word, 2: other punctuation. Word moves skip a run of one class.
int charClass(unsigned char c) {
  if (isBlank(char(c))) return 0;
  return isWordByte(c) ? 1 : 2;
}

}  // namespace

bool isWordByte(unsigned char c) { return c == '_' || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c >= 0x80; }

void TextBuffer::setText(std::string_view text) {
  const uint32_t oldCount = uint32_t(lines_.size());
  lines_.clear();
  size_t start = 0;
  while (true) {
    size_t newline = text.find('\n', start);
    std::string_view piece = text.substr(start, newline == std::string_view::npos ? std::string_view::npos : newline - start);
    if (!piece.empty() && piece.back() == '\r') piece.remove_suffix(1);  // CRLF files edit as LF
    lines_.emplace_back(piece);
    if (newline == std::string_view::npos) break;
    start = newline + 1;
  }
  selection_ = Selection{};
  undo_.clear();
  preferredVisualColumn_ = -1;
  ++version_;
  if (onLinesChanged) onLinesChanged(0, oldCount, uint32_t(lines_.size()));
}

std::string TextBuffer::text() const {
  size_t size = 0;
  for (const std::string& line : lines_) size += line.size() + 1;
  std::string out;
  out.reserve(size);
  for (size_t i = 0; i < lines_.size(); ++i) {
    if (i) out += '\n';
    out += lines_[i];
  }
  return out;
}

TextPos TextBuffer::clamp(TextPos pos) const {
  pos.line = std::min<uint32_t>(pos.line, uint32_t(lines_.size() - 1));
  const std::string& line = lines_[pos.line];
  pos.column = std::min<uint32_t>(pos.column, uint32_t(line.size()));
  while (pos.column > 0 && pos.column < line.size() && isContinuationByte(line[pos.column])) --pos.column;
  return pos;
}

size_t TextBuffer::offsetOf(TextPos pos) const {
  pos = clamp(pos);
  size_t offset = 0;
  for (uint32_t i = 0; i < pos.line; ++i) offset += lines_[i].size() + 1;
  return offset + pos.column;
}

TextPos TextBuffer::positionOfOffset(size_t offset) const {
  for (uint32_t i = 0; i < lines_.size(); ++i) {
    if (offset <= lines_[i].size()) return clamp(TextPos{i, uint32_t(offset)});
    offset -= lines_[i].size() + 1;
  }
  return TextPos{uint32_t(lines_.size() - 1), uint32_t(lines_.back().size())};
}

std::string TextBuffer::textIn(TextPos begin, TextPos end) const {
  begin = clamp(begin);
  end = clamp(end);
  if (end < begin) std::swap(begin, end);
  if (begin.line == end.line) return lines_[begin.line].substr(begin.column, end.column - begin.column);
  std::string out = lines_[begin.line].substr(begin.column);
  for (uint32_t i = begin.line + 1; i < end.line; ++i) out += '\n' + lines_[i];
  out += '\n';
  out += lines_[end.line].substr(0, end.column);
  return out;
}

std::string TextBuffer::selectedText() const { return textIn(selection_.begin(), selection_.end()); }

void TextBuffer::setSelection(Selection selection) {
  selection_ = Selection{clamp(selection.anchor), clamp(selection.caret)};
  preferredVisualColumn_ = -1;
  undo_.breakCoalescing();
}

void TextBuffer::setCaret(TextPos pos, bool extendSelection) { moveTo(clamp(pos), extendSelection); }

void TextBuffer::moveTo(TextPos pos, bool select, bool keepPreferredColumn) {
  selection_.caret = pos;
  if (!select) selection_.anchor = pos;
  if (!keepPreferredColumn) preferredVisualColumn_ = -1;
  undo_.breakCoalescing();
}

uint32_t TextBuffer::visualColumn(uint32_t line, uint32_t byteColumn) const {
  const std::string& text = lines_[std::min<size_t>(line, lines_.size() - 1)];
  const uint32_t tab = std::max<uint32_t>(1, indent.tabSize);
  uint32_t visual = 0;
  for (uint32_t i = 0; i < byteColumn && i < text.size(); ++i) {
    unsigned char c = text[i];
    if (c == '\t') visual = (visual / tab + 1) * tab;
    else if (!isContinuationByte(c)) ++visual;
  }
  return visual;
}

uint32_t TextBuffer::byteColumnForVisual(uint32_t line, uint32_t target) const {
  const std::string& text = lines_[std::min<size_t>(line, lines_.size() - 1)];
  const uint32_t tab = std::max<uint32_t>(1, indent.tabSize);
  uint32_t visual = 0;
  uint32_t i = 0;
  while (i < text.size()) {
    unsigned char c = text[i];
    uint32_t charEnd = i + 1;
    while (charEnd < text.size() && isContinuationByte(text[charEnd])) ++charEnd;
    const uint32_t next = c == '\t' ? (visual / tab + 1) * tab : visual + 1;
    // Inside a wide character (a tab): land on whichever side is nearer.
    if (target < next) return (target - visual) * 2 < (next - visual) ? i : charEnd;
    i = charEnd;
    visual = next;
  }
  return uint32_t(text.size());
}

TextPos TextBuffer::applyReplace(TextPos begin, TextPos end, const std::string& text) {
  begin = clamp(begin);
  end = clamp(end);
  if (end < begin) std::swap(begin, end);
  const std::string tail = lines_[end.line].substr(end.column);
  std::string head = lines_[begin.line].substr(0, begin.column);
  std::vector<std::string> added;
  size_t start = 0;
  while (true) {
    size_t newline = text.find('\n', start);
    if (newline == std::string::npos) {
      added.push_back(text.substr(start));
      break;
    }
    added.push_back(text.substr(start, newline - start));
    start = newline + 1;
  }
  TextPos after{uint32_t(begin.line + added.size() - 1),
                uint32_t(added.size() == 1 ? begin.column + added.back().size() : added.back().size())};
  added.front() = head + added.front();
  added.back() += tail;
  const uint32_t removedLines = end.line - begin.line + 1;
  const uint32_t addedLines = uint32_t(added.size());
  // Overwrite the common prefix of lines, then erase or insert the rest.
  const uint32_t common = std::min(removedLines, addedLines);
  for (uint32_t i = 0; i < common; ++i) lines_[begin.line + i] = std::move(added[i]);
  if (removedLines > addedLines)
    lines_.erase(lines_.begin() + begin.line + common, lines_.begin() + begin.line + removedLines);
  else if (addedLines > removedLines)
    lines_.insert(lines_.begin() + begin.line + common, std::make_move_iterator(added.begin() + common),
                  std::make_move_iterator(added.end()));
  ++version_;
  if (onLinesChanged) onLinesChanged(begin.line, removedLines, addedLines);
  return after;
}

void TextBuffer::edit(TextPos begin, TextPos end, std::string text, EditKind kind) {
  begin = clamp(begin);
  end = clamp(end);
  if (end < begin) std::swap(begin, end);
  UndoEntry entry;
  entry.before = selection_;
  entry.kind = kind;
  entry.edits.push_back(TextEdit{begin, textIn(begin, end), std::move(text)});
  if (entry.edits[0].removed.empty() && entry.edits[0].inserted.empty()) return;
  TextPos after = applyReplace(begin, end, entry.edits[0].inserted);
  selection_ = Selection::at(after);
  preferredVisualColumn_ = -1;
  entry.after = selection_;
  undo_.push(std::move(entry));
}

void TextBuffer::applyEdits(std::vector<TextEdit> edits, Selection after) {
  if (edits.empty()) return;
  UndoEntry entry;
  entry.before = selection_;
  for (TextEdit& e : edits) {
    e.begin = clamp(e.begin);
    TextPos end = clamp(endOfInsertion(e.begin, e.removed));
    e.removed = textIn(e.begin, end);
    applyReplace(e.begin, end, e.inserted);
  }
  entry.edits = std::move(edits);
  selection_ = Selection{clamp(after.anchor), clamp(after.caret)};
  entry.after = selection_;
  preferredVisualColumn_ = -1;
  undo_.push(std::move(entry));
}

void TextBuffer::replaceRange(TextPos begin, TextPos end, std::string_view text) {
  edit(begin, end, std::string(text), EditKind::Other);
}

void TextBuffer::insertText(std::string_view text) {
  std::string clean;
  clean.reserve(text.size());
  for (char c : text)
    if (c != '\r') clean += c;
  edit(selection_.begin(), selection_.end(), std::move(clean), EditKind::Other);
}

void TextBuffer::typeCharacter(uint32_t codepoint) {
  if (codepoint == '\n' || codepoint == '\r') return newLine();
  if (codepoint == '\t') return tab();
  if (codepoint < 0x20 || codepoint == 0x7F) return;  // control characters are keys, not text
  const bool replacing = !selection_.empty();
  edit(selection_.begin(), selection_.end(), encodeUtf8(codepoint), replacing ? EditKind::Other : EditKind::Typing);
}

std::string TextBuffer::indentUnit(uint32_t visual) const {
  if (!indent.useSpaces) return "\t";
  const uint32_t tab = std::max<uint32_t>(1, indent.tabSize);
  return std::string(tab - visual % tab, ' ');
}

void TextBuffer::newLine() {
  const TextPos begin = selection_.begin();
  const std::string& line = lines_[begin.line];
  std::string indentText = line.substr(0, std::min<size_t>(leadingBlanks(line), begin.column));
  size_t last = begin.column;
  while (last > 0 && isBlank(line[last - 1])) --last;
  if (last > 0 && line[last - 1] == '{') indentText += indentUnit(visualColumn(begin.line, uint32_t(indentText.size())));
  edit(begin, selection_.end(), "\n" + indentText, EditKind::Other);
}

void TextBuffer::backspace() {
  if (!selection_.empty()) return edit(selection_.begin(), selection_.end(), "", EditKind::Other);
  TextPos caret = selection_.caret;
  if (caret.column == 0 && caret.line == 0) return;
  TextPos from = caret;
  if (caret.column == 0) {
    from = TextPos{caret.line - 1, uint32_t(lines_[caret.line - 1].size())};
  } else {
    const std::string& line = lines_[caret.line];
    --from.column;
    while (from.column > 0 && isContinuationByte(line[from.column])) --from.column;
  }
  edit(from, caret, "", EditKind::DeleteBackward);
}

void TextBuffer::deleteForward() {
  if (!selection_.empty()) return edit(selection_.begin(), selection_.end(), "", EditKind::Other);
  TextPos caret = selection_.caret;
  const std::string& line = lines_[caret.line];
  TextPos to = caret;
  if (caret.column >= line.size()) {
    if (caret.line + 1 >= lines_.size()) return;
    to = TextPos{caret.line + 1, 0};
  } else {
    ++to.column;
    while (to.column < line.size() && isContinuationByte(line[to.column])) ++to.column;
  }
  edit(caret, to, "", EditKind::DeleteForward);
}

void TextBuffer::selectedLineRange(uint32_t& first, uint32_t& last) const {
  first = selection_.begin().line;
  last = selection_.end().line;
  if (last > first && selection_.end().column == 0) --last;
}

void TextBuffer::rewriteLines(uint32_t first, uint32_t last, const std::vector<std::string>& replacement,
                              const std::vector<int>& columnShift) {
  auto shifted = [&](TextPos pos) {
    if (pos.line < first || pos.line > last) return pos;
    int column = int(pos.column) + columnShift[pos.line - first];
    pos.column = uint32_t(std::max(0, column));
    return pos;
  };
  Selection after{shifted(selection_.anchor), shifted(selection_.caret)};
  std::string text;
  for (size_t i = 0; i < replacement.size(); ++i) {
    if (i) text += '\n';
    text += replacement[i];
  }
  TextEdit e{TextPos{first, 0}, "", std::move(text)};
  e.removed = textIn(TextPos{first, 0}, TextPos{last, uint32_t(lines_[last].size())});
  if (e.removed == e.inserted) return;
  applyEdits({std::move(e)}, after);
}

void TextBuffer::indentSelection() {
  uint32_t first, last;
  selectedLineRange(first, last);
  std::vector<std::string> replacement;
  std::vector<int> shift;
  for (uint32_t i = first; i <= last; ++i) {
    const std::string& line = lines_[i];
    if (line.empty()) {
      replacement.push_back(line);
      shift.push_back(0);
      continue;
    }
    std::string unit = indentUnit(visualColumn(i, uint32_t(leadingBlanks(line))));
    // Spaces top up to the next stop after the existing indentation; inserted at that point.
    const size_t at = leadingBlanks(line);
    replacement.push_back(line.substr(0, at) + unit + line.substr(at));
    shift.push_back(int(unit.size()));
  }
  rewriteLines(first, last, replacement, shift);
}

void TextBuffer::unindentSelection() {
  uint32_t first, last;
  selectedLineRange(first, last);
  std::vector<std::string> replacement;
  std::vector<int> shift;
  const uint32_t tab = std::max<uint32_t>(1, indent.tabSize);
  for (uint32_t i = first; i <= last; ++i) {
    const std::string& line = lines_[i];
    size_t remove = 0;
    if (!line.empty() && line[0] == '\t') {
      remove = 1;
    } else {
      // Back to the previous tab stop: at most tabSize spaces.
      size_t blanks = 0;
      while (blanks < line.size() && line[blanks] == ' ') ++blanks;
      remove = blanks == 0 ? 0 : (blanks % tab == 0 ? tab : blanks % tab);
      remove = std::min(remove, blanks);
      if (remove < blanks || blanks == 0) {
        // "  \tx": a tab after fewer spaces than a stop goes with them.
        if (blanks < line.size() && line[blanks] == '\t' && blanks < tab) remove = blanks + 1;
      }
    }
    replacement.push_back(line.substr(remove));
    shift.push_back(-int(remove));
  }
  rewriteLines(first, last, replacement, shift);
}

void TextBuffer::tab() {
  if (!selection_.empty() && selection_.begin().line != selection_.end().line) return indentSelection();
  const TextPos begin = selection_.begin();
  edit(begin, selection_.end(), indentUnit(visualColumn(begin.line, begin.column)), EditKind::Other);
}

bool TextBuffer::undo() {
  const UndoEntry* entry = undo_.undo();
  if (!entry) return false;
  for (auto it = entry->edits.rbegin(); it != entry->edits.rend(); ++it)
    applyReplace(it->begin, endOfInsertion(it->begin, it->inserted), it->removed);
  selection_ = Selection{clamp(entry->before.anchor), clamp(entry->before.caret)};
  preferredVisualColumn_ = -1;
  return true;
}

bool TextBuffer::redo() {
  const UndoEntry* entry = undo_.redo();
  if (!entry) return false;
  for (const TextEdit& e : entry->edits) applyReplace(e.begin, endOfInsertion(e.begin, e.removed), e.inserted);
  selection_ = Selection{clamp(entry->after.anchor), clamp(entry->after.caret)};
  preferredVisualColumn_ = -1;
  return true;
}

void TextBuffer::moveLeft(bool select) {
  if (!select && !selection_.empty()) return moveTo(selection_.begin(), false);
  TextPos pos = selection_.caret;
  if (pos.column > 0) {
    const std::string& line = lines_[pos.line];
    --pos.column;
    while (pos.column > 0 && isContinuationByte(line[pos.column])) --pos.column;
  } else if (pos.line > 0) {
    pos = TextPos{pos.line - 1, uint32_t(lines_[pos.line - 1].size())};
  }
  moveTo(pos, select);
}

void TextBuffer::moveRight(bool select) {
  if (!select && !selection_.empty()) return moveTo(selection_.end(), false);
  TextPos pos = selection_.caret;
  const std::string& line = lines_[pos.line];
  if (pos.column < line.size()) {
    ++pos.column;
    while (pos.column < line.size() && isContinuationByte(line[pos.column])) ++pos.column;
  } else if (pos.line + 1 < lines_.size()) {
    pos = TextPos{pos.line + 1, 0};
  }
  moveTo(pos, select);
}

void TextBuffer::moveUp(bool select, uint32_t count) {
  TextPos pos = selection_.caret;
  if (preferredVisualColumn_ < 0) preferredVisualColumn_ = visualColumn(pos.line, pos.column);
  if (pos.line == 0) {
    pos.column = 0;
  } else {
    pos.line = pos.line > count ? pos.line - count : 0;
    pos.column = byteColumnForVisual(pos.line, uint32_t(preferredVisualColumn_));
  }
  moveTo(pos, select, /*keepPreferredColumn=*/true);
}

void TextBuffer::moveDown(bool select, uint32_t count) {
  TextPos pos = selection_.caret;
  if (preferredVisualColumn_ < 0) preferredVisualColumn_ = visualColumn(pos.line, pos.column);
  if (pos.line + 1 >= lines_.size()) {
    pos.column = uint32_t(lines_[pos.line].size());
  } else {
    pos.line = uint32_t(std::min<size_t>(size_t(pos.line) + count, lines_.size() - 1));
    pos.column = byteColumnForVisual(pos.line, uint32_t(preferredVisualColumn_));
  }
  moveTo(pos, select, /*keepPreferredColumn=*/true);
}

void TextBuffer::moveWordLeft(bool select) {
  TextPos pos = selection_.caret;
  if (pos.column == 0) return moveLeft(select);
  const std::string& line = lines_[pos.line];
  uint32_t c = pos.column;
  while (c > 0 && isBlank(line[c - 1])) --c;
  if (c > 0) {
    int cls = charClass(line[c - 1]);
    while (c > 0 && charClass(line[c - 1]) == cls) --c;
  }
  moveTo(TextPos{pos.line, c}, select);
}

void TextBuffer::moveWordRight(bool select) {
  TextPos pos = selection_.caret;
  const std::string& line = lines_[pos.line];
  if (pos.column >= line.size()) return moveRight(select);
  uint32_t c = pos.column;
  int cls = charClass(line[c]);
  if (cls != 0)
    while (c < line.size() && charClass(line[c]) == cls) ++c;
  while (c < line.size() && isBlank(line[c])) ++c;
  moveTo(TextPos{pos.line, c}, select);
}

void TextBuffer::moveHome(bool select) {
  TextPos pos = selection_.caret;
  uint32_t firstNonBlank = uint32_t(leadingBlanks(lines_[pos.line]));
  pos.column = pos.column == firstNonBlank ? 0 : firstNonBlank;
  moveTo(pos, select);
}

void TextBuffer::moveEnd(bool select) {
  TextPos pos = selection_.caret;
  pos.column = uint32_t(lines_[pos.line].size());
  moveTo(pos, select);
}

void TextBuffer::moveToDocumentStart(bool select) { moveTo(TextPos{}, select); }

void TextBuffer::moveToDocumentEnd(bool select) {
  moveTo(TextPos{uint32_t(lines_.size() - 1), uint32_t(lines_.back().size())}, select);
}

void TextBuffer::selectAll() {
  setSelection(Selection{TextPos{}, TextPos{uint32_t(lines_.size() - 1), uint32_t(lines_.back().size())}});
}

void TextBuffer::selectWordAt(TextPos pos) {
  pos = clamp(pos);
  const std::string& line = lines_[pos.line];
  if (line.empty()) return setSelection(Selection::at(pos));
  uint32_t at = std::min<uint32_t>(pos.column, uint32_t(line.size() - 1));
  // Prefer the word the click touches on its left edge (a click just after a word).
  if (pos.column > 0 && (pos.column >= line.size() || !isWordByte(line[pos.column])) && isWordByte(line[pos.column - 1]))
    at = pos.column - 1;
  const int cls = charClass(line[at]);
  uint32_t begin = at, end = at + 1;
  if (cls == 2) {
    while (end < line.size() && isContinuationByte(line[end])) ++end;
  } else {
    while (begin > 0 && charClass(line[begin - 1]) == cls) --begin;
    while (end < line.size() && charClass(line[end]) == cls) ++end;
  }
  setSelection(Selection{TextPos{pos.line, begin}, TextPos{pos.line, end}});
}

void TextBuffer::goToLine(uint32_t line) {
  line = std::clamp<uint32_t>(line, 1, uint32_t(lines_.size()));
  setSelection(Selection::at(TextPos{line - 1, 0}));
}

bool TextBuffer::copy() {
  if (selection_.empty() || !setClipboard) return false;
  setClipboard(selectedText());
  return true;
}

bool TextBuffer::cut() {
  if (!copy()) return false;
  edit(selection_.begin(), selection_.end(), "", EditKind::Other);
  return true;
}

bool TextBuffer::paste() {
  if (!getClipboard) return false;
  std::string text = getClipboard();
  if (text.empty()) return false;
  insertText(text);
  return true;
}

}  // namespace sl::views::editor
