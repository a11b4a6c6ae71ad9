#include "cli/HtmlOutput.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <sstream>

namespace scopemc {

namespace {

constexpr int kColumn = 224;       // width of a thread's column
constexpr int kBox = 204;          // width of an event's box
constexpr int kRow = 26;           // height of an event's row
constexpr int kTop = 92;           // y of the first event (group, warp and thread labels above)
constexpr int kLeft = 16;          // x of the first column
constexpr size_t kTextChars = 29;  // characters of an event's text shown in its box
constexpr size_t kAlwaysShown = 6; // up to this many threads, none is collapsed

std::string esc(const std::string &s) {
  std::string o;
  for (char c : s) {
    switch (c) {
    case '&':
      o += "&amp;";
      break;
    case '<':
      o += "&lt;";
      break;
    case '>':
      o += "&gt;";
      break;
    case '"':
      o += "&quot;";
      break;
    default:
      o += c;
    }
  }
  return o;
}

std::string shorten(const std::string &s) {
  return s.size() <= kTextChars ? s : s.substr(0, kTextChars - 1) + "\u2026";
}

/// What an event's box says: "W data = 42", "R flag1 = 0 rlx/system", "U tickets = 1 rlx/block".
std::string boxText(const WitnessEvent &e) {
  if (!e.access) {
    std::string t = e.text;
    if (size_t at = t.find(" the block's barrier"); at != std::string::npos)
      t.erase(at, std::string(" the block's barrier").size());
    return t;
  }
  std::string s = e.kind == "read" ? "R " : e.kind == "write" ? "W " : "U ";
  s += e.location + " = " + e.value;
  if (isAtomic(e.order))
    s += " " + std::string(orderName(e.order)) + "/" + std::string(scopeName(e.scope));
  return s;
}

std::string fileName(const std::string &path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

/// Where each shown event is drawn.
struct Layout {
  struct Box {
    int x = 0, y = 0;
  };
  std::map<Event, Box> boxes;                // every shown event (a run's share one box)
  std::map<Event, const WitnessRun *> runOf; // the run each drawn box shows
  std::vector<std::unique_ptr<WitnessRun>> runs;
  std::vector<const WitnessThread *> columns;   // drawn threads, left to right
  std::vector<const WitnessThread *> collapsed; // listed below the picture
  int width = 0, height = 0;
};

bool shown(const WitnessEvent &e, bool verbose) { return verbose || !e.plumbing || e.reported; }

Layout layOut(const Witness &w, bool verbose) {
  Layout l;
  std::vector<const WitnessThread *> threads;
  for (const WitnessThread &t : w.threads)
    if (verbose || !t.plumbingOnly)
      threads.push_back(&t);
  // Host threads first, then device by device and block by block, threads in block order.
  std::stable_sort(threads.begin(), threads.end(), [](auto *a, auto *b) {
    auto key = [](const WitnessThread *t) {
      return std::make_tuple(!t->host, t->pos.device, t->pos.block, t->pos.thread, t->id);
    };
    return key(a) < key(b);
  });
  bool collapse = threads.size() > kAlwaysShown;
  int rows = 0;
  for (const WitnessThread *t : threads) {
    if (collapse && !t->relevant) {
      l.collapsed.push_back(t);
      continue;
    }
    int x = kLeft + static_cast<int>(l.columns.size()) * kColumn, row = 0;
    for (const WitnessRun &run :
         foldRuns(*t, [&](const WitnessEvent &e) { return shown(e, verbose); })) {
      l.runs.push_back(std::make_unique<WitnessRun>(run));
      for (size_t k = run.first; k < run.first + run.count; ++k)
        l.boxes[t->events[k].event] = Layout::Box{x, kTop + kRow * row};
      l.runOf[t->events[run.first].event] = l.runs.back().get();
      ++row;
    }
    rows = std::max(rows, row);
    l.columns.push_back(t);
  }
  l.width = kLeft * 2 + static_cast<int>(l.columns.size()) * kColumn;
  l.height = kTop + kRow * (rows + 1);
  return l;
}

/// Group rectangles and labels: device/block boxes, warp labels, thread headers.
void drawGroups(std::ostream &os, const Layout &l, int height) {
  size_t k = 0;
  while (k < l.columns.size()) {
    const WitnessThread *first = l.columns[k];
    size_t end = k + 1;
    while (end < l.columns.size() && l.columns[end]->host == first->host &&
           (first->host || (l.columns[end]->pos.device == first->pos.device &&
                            l.columns[end]->pos.block == first->pos.block)))
      ++end;
    int x = kLeft + static_cast<int>(k) * kColumn - 6, width = static_cast<int>(end - k) * kColumn;
    std::string label =
        first->host
            ? "host"
            : "device " + std::to_string(first->pos.device) +
                  (first->place.launch ? " \u00b7 launch " + std::to_string(first->place.launch)
                                       : std::string()) +
                  " \u00b7 block " + std::to_string(first->place.block);
    std::string data =
        first->host ? "host"
                    : std::to_string(first->pos.device) + "." + std::to_string(first->pos.block);
    os << "<g class=\"group\" data-group=\"" << data << "\"><rect x=\"" << x
       << "\" y=\"8\" width=\"" << width - 4 << "\" height=\"" << height - 12
       << "\" rx=\"8\" class=\"groupbox\"/><text x=\"" << x + 8
       << "\" y=\"26\" class=\"grouplabel\">" << esc(label) << "</text>\n";
    for (size_t c = k; c < end; ++c) {
      const WitnessThread &t = *l.columns[c];
      int cx = kLeft + static_cast<int>(c) * kColumn;
      if (!t.host && (c == k || t.pos.thread / 32 != l.columns[c - 1]->pos.thread / 32))
        os << "<text x=\"" << cx << "\" y=\"48\" class=\"warp\">warp " << t.pos.thread / 32
           << "</text>";
      std::string head = "T" + std::to_string(t.id) +
                         (t.host ? std::string()
                                 : " \u00b7 thread " + std::to_string(t.pos.thread) + " (lane " +
                                       std::to_string(t.pos.thread % 32) + ")");
      os << "<text x=\"" << cx << "\" y=\"70\" class=\"thread\" data-thread=\"T" << t.id
         << "\"><title>" << esc(t.name) << "</title>" << esc(head) << "</text>\n";
    }
    os << "</g>\n";
    k = end;
  }
}

void drawEvents(std::ostream &os, const Layout &l) {
  for (const WitnessThread *t : l.columns)
    for (const WitnessEvent &e : t->events) {
      auto run = l.runOf.find(e.event);
      if (run == l.runOf.end())
        continue;
      auto [x, y] = l.boxes.at(e.event);
      const WitnessEvent &last = t->events[run->second->first + run->second->count - 1];
      std::string id = toString(e.event) +
                       (run->second->count > 1 ? ".." + std::to_string(last.event.index) : "");
      std::string where = e.source.file.empty()
                              ? std::string()
                              : fileName(e.source.file) + ":" + std::to_string(e.source.line);
      std::string text = run->second->count > 1 ? run->second->text : boxText(e);
      os << "<g class=\"event" << (e.reported ? " hot" : "") << (e.plumbing ? " plumbing" : "")
         << "\" data-event=\"" << toString(e.event) << "\"><title>" << esc(id) << "  "
         << esc(run->second->text) << (where.empty() ? "" : "\n" + esc(toString(&e.source)))
         << "</title><rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << kBox << "\" height=\""
         << kRow - 4 << "\" rx=\"4\"/><text x=\"" << x + 5 << "\" y=\"" << y + 15 << "\">"
         << esc(shorten(text)) << "</text>";
      if (!where.empty())
        os << "<text x=\"" << x + kBox - 4 << "\" y=\"" << y + 15 << "\" class=\"line\">"
           << e.source.line << "</text>";
      os << "</g>\n";
    }
}

/// A curve from the right side of `from`'s box to the left side of `to`'s (or down one
/// column when both are in one column).
void drawEdge(std::ostream &os, const Layout &l, Event from, Event to, const std::string &cls,
              const std::string &title, int bow = 0) {
  auto a = l.boxes.find(from), b = l.boxes.find(to);
  if (a == l.boxes.end() || b == l.boxes.end())
    return;
  int y1 = a->second.y + kRow / 2 - 2, y2 = b->second.y + kRow / 2 - 2;
  bool rightward = a->second.x <= b->second.x;
  int x1 = a->second.x + (rightward ? kBox : 0), x2 = b->second.x + (rightward ? 0 : kBox);
  if (a->second.x == b->second.x) { // same column: a loop out to the right
    x1 = x2 = a->second.x + kBox;
    os << "<path class=\"edge " << cls << "\" d=\"M" << x1 << "," << y1 << " C" << x1 + 30 << ","
       << y1 << " " << x2 + 30 << "," << y2 << " " << x2 << "," << y2 << "\">";
  } else {
    int mid = (x1 + x2) / 2;
    os << "<path class=\"edge " << cls << "\" d=\"M" << x1 << "," << y1 << " C" << mid << ","
       << y1 + bow << " " << mid << "," << y2 + bow << " " << x2 << "," << y2 << "\">";
  }
  os << "<title>" << esc(title) << "</title></path>\n";
}

void drawEdges(std::ostream &os, const Layout &l, const Witness &w, const Report &r) {
  std::set<std::string> hotLocations; // by object: coherence is per location
  for (const ReportedEvent &e : r.events)
    if (const WitnessEvent *we = w.find(e.event); we && !we->object.empty())
      hotLocations.insert(we->object);
  for (const WitnessThread *t : l.columns)
    for (const WitnessEvent &e : t->events) {
      if (!l.boxes.count(e.event))
        continue;
      if (e.hasRf && !e.rf.isInit())
        drawEdge(os, l, e.rf, e.event, "rf",
                 "reads-from: " + toString(e.event) + " reads " + e.value + " from " +
                     toString(e.rf));
      for (Event s : e.syncFrom)
        drawEdge(os, l, s, e.event, "sw",
                 "synchronises-with: " + toString(s) + " happens before " + toString(e.event));
    }
  for (auto &[loc, co] : w.co)
    if (hotLocations.count(loc))
      for (size_t k = 1; k < co.size(); ++k)
        drawEdge(os, l, co[k - 1], co[k], "co", "coherence order of " + loc);
  if ((r.type == ErrorType::DataRace || r.type == ErrorType::HeteroRace) && r.events.size() > 1)
    drawEdge(os, l, r.events[0].event, r.events[1].event, "missing", w.why, 2 * kRow);
}

bool samePath(const std::string &a, const std::string &b) {
  return a == b || fileName(a) == fileName(b);
}

void writeSource(std::ostream &os, const Witness &w, const Report &r,
                 const std::vector<HtmlEdit> &edits) {
  std::map<std::string, std::set<unsigned>> hot;
  for (const ReportedEvent &e : r.events)
    if (const SourceLoc *src = reportedSource(r, e))
      hot[src->path()].insert(src->line);
  std::map<std::string, std::map<unsigned, std::string>> shown = w.sourceLines;
  for (const HtmlEdit &e : edits) { // the edited lines too
    auto it = std::find_if(shown.begin(), shown.end(),
                           [&](auto &f) { return samePath(e.file, f.first); });
    (it == shown.end() ? shown[e.file] : it->second).try_emplace(e.line, e.lineText);
  }
  for (auto &[path, lines] : shown) {
    os << "<div class=\"file\"><h3>" << esc(path) << "</h3><pre>";
    unsigned last = 0;
    for (auto &[n, text] : lines) {
      if (last && n != last + 1)
        os << "<span class=\"gap\">\u22ee</span>";
      bool isHot = hot.count(path) && hot[path].count(n);
      os << "<span class=\"src" << (isHot ? " hot-line" : "") << "\" data-line=\"" << n << "\"><b>"
         << n << "</b> " << esc(text) << "</span>";
      for (const HtmlEdit &e : edits)
        if (e.line == n && samePath(e.file, path))
          os << "<span class=\"edit\" title=\"" << esc(e.reason) << "\">\u270e "
             << esc(e.before.empty() ? "insert" : e.before) << " \u2192 " << esc(e.after) << " ("
             << esc(e.change) << ")</span>";
      last = n;
    }
    os << "</pre></div>\n";
  }
}

void writeEdits(std::ostream &os, const std::vector<HtmlEdit> &edits) {
  if (edits.empty())
    return;
  os << "<h2>Repair</h2>\n<ul class=\"edits\">\n";
  for (const HtmlEdit &e : edits)
    os << "<li><b>" << esc(fileName(e.file)) << ":" << e.line << "</b> "
       << esc(e.before.empty() ? "insert" : e.before) << " \u2192 " << esc(e.after) << " ("
       << esc(e.change) << "): " << esc(e.reason) << "</li>\n";
  os << "</ul>\n";
}

void writeCollapsed(std::ostream &os, const Layout &l, bool verbose) {
  if (l.collapsed.empty())
    return;
  os << "<h2>" << l.collapsed.size()
     << " threads that take no part in the error (collapsed)</h2>\n";
  for (const WitnessThread *t : l.collapsed) {
    size_t n = 0;
    for (const WitnessEvent &e : t->events)
      n += shown(e, verbose);
    os << "<details class=\"collapsed-thread\" data-thread=\"T" << t->id << "\"><summary>"
       << esc(t->name) << ": " << n << " events</summary><pre>";
    for (const WitnessEvent &e : t->events)
      if (shown(e, verbose))
        os << esc(toString(e.event)) << "  " << esc(e.text) << "\n";
    os << "</pre></details>\n";
  }
}

constexpr const char *kStyle = R"(
body{font-family:sans-serif;margin:16px;color:#222}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px}h3{font-size:13px;margin:8px 0 2px}
.why{background:#fff3f3;border-left:4px solid #c00;padding:6px 10px;max-width:1100px}
.main{display:flex;gap:16px;align-items:flex-start}
.picture{overflow:auto;border:1px solid #ccc;flex:1 1 auto;min-width:0}
.source{font-size:11px;flex:0 0 400px;overflow:hidden}
pre{margin:0;font-size:11px}
.src{display:block}.hot-line{background:#ffd0d0}.gap{color:#999}
svg text{font-family:monospace;font-size:11px}
.groupbox{fill:#f4f7fb;stroke:#9ab}
.grouplabel{font-weight:bold;font-size:12px;fill:#345}
.warp{fill:#678;font-style:italic}.thread{font-weight:bold}
.event rect{fill:#fff;stroke:#888}.event.plumbing rect{fill:#eee;stroke:#bbb}
.event.hot rect{fill:#ffb0b0;stroke:#c00;stroke-width:2}
.line{text-anchor:end;fill:#888;font-size:9px}
.edge{fill:none;stroke-width:1.5}
.rf{stroke:#2a2}.sw{stroke:#24c;stroke-width:2}.co{stroke:#e80;stroke-dasharray:4 3}
.missing{stroke:#d00;stroke-width:3;stroke-dasharray:8 5}
.legend span{margin-right:14px;font-size:12px}
.edit{display:block;background:#e6ffe6;color:#060;padding-left:2em}
)";

} // namespace

std::string reportToHtml(const Report &r, const std::string &file, bool verbose,
                         const std::vector<HtmlEdit> &edits) {
  const Witness &w = *r.trace;
  Layout l = layOut(w, verbose);
  std::ostringstream os;
  os << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>"
     << esc(std::string(errorTypeName(r.type))) << " in " << esc(fileName(file))
     << " \u2014 scopemc witness</title>\n<style>" << kStyle << "</style></head><body>\n";
  os << "<h1 class=\"error\" data-kind=\"" << esc(std::string(errorTypeName(r.type))) << "\">"
     << esc(std::string(errorTypeName(r.type))) << " in " << esc(file) << "</h1>\n<p>"
     << esc(r.message) << "</p>\n<ul class=\"reported\">\n";
  for (const ReportedEvent &e : r.events) {
    const WitnessThread *t = w.thread(e.event.thread);
    os << "<li data-event=\"" << toString(e.event) << "\"><b>" << toString(e.event) << "</b> "
       << esc(std::string(eventName(e))) << (e.location.empty() ? "" : " of " + esc(e.location))
       << " by " << esc(t ? t->name : "T" + std::to_string(e.event.thread)) << " at "
       << esc(toString(reportedSource(r, e))) << "</li>\n";
  }
  os << "</ul>\n<p class=\"why\">" << esc(w.why) << "</p>\n";
  writeEdits(os, edits);
  os << "<p class=\"legend\"><span style=\"color:#2a2\">\u2014 reads-from</span><span "
        "style=\"color:#24c\">\u2014 synchronises-with</span><span style=\"color:#e80\">- - "
        "coherence</span><span style=\"color:#d00\">- - missing happens-before</span><span>"
        "red boxes: the reported events; grey: scopemc's own headers</span></p>\n";
  os << "<div class=\"main\"><div class=\"picture\"><svg xmlns=\"http://www.w3.org/2000/svg\" "
        "width=\""
     << l.width << "\" height=\"" << l.height << "\" viewBox=\"0 0 " << l.width << " " << l.height
     << "\">\n";
  drawGroups(os, l, l.height);
  drawEdges(os, l, w, r);
  drawEvents(os, l);
  os << "</svg></div>\n<div class=\"source\"><h2>Source</h2>\n";
  writeSource(os, w, r, edits);
  os << "</div></div>\n";
  writeCollapsed(os, l, verbose);
  os << "</body></html>\n";
  return os.str();
}

} // namespace scopemc
