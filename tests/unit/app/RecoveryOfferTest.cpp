// The recovery offer at open: what Restore, Discard and Keep do to the files an earlier run left,
// where this run then autosaves, and that a kept file is offered again at the next start.
#include "core/support/AtomicFile.h"
#include "views/Autosaver.h"
#include "views/RecoveryOffer.h"

#include <catch2/catch.hpp>

#include <unistd.h>
#include <filesystem>

using namespace std::chrono_literals;
using sl::views::Autosaver;
using sl::views::RecoveryOffer;
using Answer = RecoveryOffer::Answer;
namespace fs = std::filesystem;

namespace {

struct Fixture {
  fs::path dir = fs::temp_directory_path() / ("shaderlens-offer-" + std::to_string(::getpid()));
  sl::views::Document document{"shader.hlsl", "on disk", {}, "/somewhere/shader.hlsl"};

  Fixture() {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Fixture() { fs::remove_all(dir); }
  std::string slot(unsigned n) const { return sl::views::recoveryPathFor(dir.string(), document, n); }
  // A recovery file `age` old.
  void leave(unsigned n, const std::string& text, std::chrono::seconds age = 0s) const {
    REQUIRE(sl::writeFileAtomically(slot(n), text).empty());
    fs::last_write_time(slot(n), fs::file_time_type::clock::now() - age);
  }
  RecoveryOffer open() const { return RecoveryOffer(dir.string(), document, document.text); }
};

std::string readText(const std::string& path) {
  std::string text, error;
  REQUIRE(sl::readWholeFile(path, text, error));
  return text;
}

}  // namespace

TEST_CASE("with no recovery file nothing is offered and autosave takes the plain name", "[recovery]") {
  Fixture f;
  RecoveryOffer offer = f.open();
  CHECK(offer.enabled());
  CHECK(!offer.pending());
  CHECK(offer.autosavePath() == f.slot(0));
  CHECK(offer.autosaveOwnership() == Autosaver::Ownership::OnlyItsOwn);
  CHECK(!RecoveryOffer().enabled());
  CHECK(RecoveryOffer().autosavePath().empty());
}

TEST_CASE("a recovery file holding just the document's text goes without asking", "[recovery]") {
  Fixture f;
  f.leave(0, "on disk");
  RecoveryOffer offer = f.open();
  CHECK(!offer.pending());
  CHECK(!fs::exists(f.slot(0)));
}

TEST_CASE("another document's recovery files are not offered", "[recovery]") {
  Fixture f;
  sl::views::Document other{"shader.hlsl", "", {}, "/elsewhere/shader.hlsl"};
  REQUIRE(sl::writeFileAtomically(sl::views::recoveryPathFor(f.dir.string(), other), std::string_view("x")).empty());
  REQUIRE(sl::writeFileAtomically(f.slot(0) + ".bak", std::string_view("x")).empty());
  CHECK(!f.open().pending());
}

TEST_CASE("Restore gives the editor the text and this run's autosave that file", "[recovery]") {
  Fixture f;
  f.leave(0, "the crashed edit");
  RecoveryOffer offer = f.open();
  REQUIRE(offer.pending());
  CHECK(offer.current().path == f.slot(0));
  CHECK(offer.current().text == "the crashed edit");
  CHECK(offer.current().modifiedText().size() == 19);  // YYYY-MM-DD HH:MM:SS
  CHECK(offer.autosavePath().empty());                 // nothing is written while it waits
  CHECK(offer.answer(Answer::Restore) == "");
  CHECK(!offer.pending());
  REQUIRE(offer.restoredText());
  CHECK(*offer.restoredText() == "the crashed edit");
  CHECK(offer.autosavePath() == f.slot(0));
  CHECK(offer.autosaveOwnership() == Autosaver::Ownership::Adopted);
  CHECK(readText(f.slot(0)) == "the crashed edit");

  // The autosaver then writes over it and removes it once the work is saved.
  Autosaver autosaver(offer.autosavePath(), *offer.restoredText(), offer.autosaveOwnership());
  CHECK(autosaver.flush("the crashed edit, continued").empty());
  CHECK(readText(f.slot(0)) == "the crashed edit, continued");
  CHECK(!autosaver.finish("saved", "saved"));
  CHECK(!fs::exists(f.slot(0)));
}

TEST_CASE("Discard deletes the file and autosave starts afresh", "[recovery]") {
  Fixture f;
  f.leave(0, "the crashed edit");
  RecoveryOffer offer = f.open();
  REQUIRE(offer.pending());
  CHECK(offer.answer(Answer::Discard) == "");
  CHECK(!fs::exists(f.slot(0)));
  CHECK(!offer.restoredText());
  CHECK(offer.autosavePath() == f.slot(0));
  CHECK(offer.autosaveOwnership() == Autosaver::Ownership::OnlyItsOwn);
}

TEST_CASE("Keep leaves the file alone, autosave goes elsewhere, and the next start offers both", "[recovery]") {
  Fixture f;
  f.leave(0, "the first crash", 1h);
  {
    RecoveryOffer offer = f.open();
    REQUIRE(offer.pending());
    CHECK(offer.answer(Answer::Keep) == "");
    CHECK(!offer.pending());
    CHECK(offer.autosavePath() == f.slot(1));
    Autosaver autosaver(offer.autosavePath(), f.document.text, offer.autosaveOwnership());
    CHECK(autosaver.flush("the second run's edit").empty());
    // This run crashes here: no finish.
  }
  CHECK(readText(f.slot(0)) == "the first crash");
  CHECK(readText(f.slot(1)) == "the second run's edit");

  RecoveryOffer next = f.open();
  REQUIRE(next.waiting() == 2);
  CHECK(next.current().path == f.slot(1));  // newest first
  CHECK(next.answer(Answer::Keep) == "");
  REQUIRE(next.pending());
  CHECK(next.current().path == f.slot(0));
  CHECK(next.current().text == "the first crash");
  CHECK(next.answer(Answer::Keep) == "");
  CHECK(!next.pending());
  CHECK(next.autosavePath() == f.slot(2));
}

TEST_CASE("after Restore the older files stay for a later start", "[recovery]") {
  Fixture f;
  f.leave(0, "older", 2h);
  f.leave(3, "newer", 1h);
  RecoveryOffer offer = f.open();
  REQUIRE(offer.waiting() == 2);
  CHECK(offer.answer(Answer::Restore) == "");
  CHECK(*offer.restoredText() == "newer");
  CHECK(offer.autosavePath() == f.slot(3));
  CHECK(readText(f.slot(0)) == "older");
  // Discarding one frees its name for a later run's autosave.
  RecoveryOffer later = f.open();
  REQUIRE(later.waiting() == 2);
  CHECK(later.answer(Answer::Discard) == "");
  CHECK(later.answer(Answer::Discard) == "");
  CHECK(later.autosavePath() == f.slot(0));
}
