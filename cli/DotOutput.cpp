#include "cli/DotOutput.h"

#include <algorithm>
#include <map>
#include <sstream>

#include "cli/TextOutput.h"

namespace scopemc {

namespace {

std::string nodeId(Event e) {
  return e.isInit() ? "init" : "e" + std::to_string(e.thread) + "_" + std::to_string(e.index);
}

std::string escape(const std::string &s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\')
      o += '\\';
    o += c;
  }
  return o;
}

std::string eventText(const ExecutionGraph &g, const EventLabel &l, const Program &p) {
  std::ostringstream os;
  os << toString(l.pos()) << "\\n";
  if (auto *r = dyn_cast<ReadLabel>(&l)) {
    os << (r->isRmw() ? "U " : "R ") << escape(p.describeAddress(r->addr())) << " = "
       << static_cast<int64_t>(readValueOf(g, *r, p));
  } else if (auto *w = dyn_cast<WriteLabel>(&l)) {
    os << (w->isRmwPart() ? "U " : "W ") << escape(p.describeAddress(w->addr()))
       << " := " << static_cast<int64_t>(w->value());
  } else {
    os << escape(describe(l));
  }
  if (isa<MemAccessLabel>(&l) || isa<FenceLabel>(&l) || isa<BarrierLabel>(&l)) {
    os << "\\n" << orderName(l.order());
    if (isAtomic(l.order()))
      os << ", " << scopeName(l.scope());
  }
  return os.str();
}

} // namespace

std::string reportToDot(const Report &r, const Program &p) {
  const ExecutionGraph &g = *r.witness;
  std::vector<Event> hot;
  for (auto &e : r.events)
    hot.push_back(e.event);
  std::ostringstream os;
  os << "digraph witness {\n  label=\"" << errorTypeName(r.type) << ": " << escape(r.message)
     << "\";\n  labelloc=t;\n  node [shape=box, fontname=\"monospace\", fontsize=10];\n";

  // Clusters: device -> block -> thread (host threads stand alone).
  std::map<std::pair<uint32_t, uint32_t>, std::vector<ThreadId>> blocks;
  std::vector<ThreadId> host;
  for (ThreadId t = 0; t < g.numThreads(); ++t) {
    if (!g.threadExists(t) || g.threadSize(t) == 0)
      continue;
    const ThreadPos &pos = g.lastLabel(t)->threadPos();
    if (isHostPos(pos))
      host.push_back(t);
    else
      blocks[{pos.device, pos.block}].push_back(t);
  }
  auto emitThread = [&](ThreadId t, const std::string &indent) {
    const ThreadPos &pos = g.lastLabel(t)->threadPos();
    os << indent << "subgraph cluster_t" << t << " {\n" << indent << "  label=\"T" << t;
    if (!isHostPos(pos))
      os << " (thread " << pos.thread << ")";
    os << "\";\n";
    for (int32_t i = 0; i < g.threadSize(t); ++i) {
      const EventLabel *l = g.label(Event{t, i});
      bool isHot = std::find(hot.begin(), hot.end(), l->pos()) != hot.end();
      os << indent << "  " << nodeId(l->pos()) << " [label=\"" << eventText(g, *l, p) << "\""
         << (isHot ? ", style=filled, fillcolor=\"#ffb0b0\", penwidth=2" : "") << "];\n";
    }
    os << indent << "}\n";
  };
  uint32_t lastDevice = ~0u;
  for (auto &[key, threads] : blocks) {
    if (key.first != lastDevice) {
      if (lastDevice != ~0u)
        os << "  }\n";
      os << "  subgraph cluster_d" << key.first << " {\n    label=\"device " << key.first
         << "\";\n";
      lastDevice = key.first;
    }
    os << "    subgraph cluster_d" << key.first << "_b" << key.second << " {\n      label=\"block "
       << key.second << "\";\n";
    for (ThreadId t : threads)
      emitThread(t, "      ");
    os << "    }\n";
  }
  if (lastDevice != ~0u)
    os << "  }\n";
  for (ThreadId t : host)
    emitThread(t, "  ");

  bool usesInit = false;
  for (ThreadId t = 0; t < g.numThreads(); ++t)
    for (int32_t i = 0; i < g.threadSize(t); ++i) {
      const EventLabel *l = g.label(Event{t, i});
      if (i > 0) { // po, and sw: synchronisation that first reaches this event
        os << "  " << nodeId(Event{t, i - 1}) << " -> " << nodeId(l->pos()) << ";\n";
        const View &now = l->hb(), &before = g.label(Event{t, i - 1})->hb();
        for (ThreadId u = 0; u < g.numThreads(); ++u)
          if (u != t && now.get(u) > before.get(u))
            os << "  " << nodeId(Event{u, now.get(u)}) << " -> " << nodeId(l->pos())
               << " [color=blue, style=bold, label=\"sw\", fontcolor=blue];\n";
      }
      if (auto *r = dyn_cast<ReadLabel>(l)) {
        usesInit = usesInit || r->rf().isInit();
        os << "  " << nodeId(r->rf()) << " -> " << nodeId(l->pos())
           << " [color=darkgreen, label=\"rf\", fontcolor=darkgreen, constraint=false];\n";
      }
    }
  if (usesInit)
    os << "  init [label=\"INIT\", shape=ellipse];\n";
  for (auto &[a, li] : g.locations())
    for (size_t k = 1; k < li.co.size(); ++k)
      os << "  " << nodeId(li.co[k - 1]) << " -> " << nodeId(li.co[k])
         << " [color=orange, style=dashed, label=\"co\", fontcolor=orange, constraint=false];\n";
  os << "}\n";
  return os.str();
}

} // namespace scopemc
