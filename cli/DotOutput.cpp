#include "cli/DotOutput.h"

#include <algorithm>
#include <map>
#include <sstream>

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

std::string eventText(const WitnessEvent &e) {
  std::string s = toString(e.event) + "\\n" + escape(e.text);
  return s;
}

} // namespace

std::string reportToDot(const Report &r, bool verbose) {
  const Witness &w = *r.trace;
  std::ostringstream os;
  os << "digraph witness {\n  label=\"" << errorTypeName(r.type) << ": " << escape(r.message)
     << "\";\n  labelloc=t;\n  node [shape=box, fontname=\"monospace\", fontsize=10];\n";
  auto shown = [&](const WitnessEvent &e) { return verbose || !e.plumbing || e.reported; };

  // Clusters: device -> block -> thread (host threads stand alone).
  std::map<std::pair<uint32_t, uint32_t>, std::vector<const WitnessThread *>> blocks;
  std::vector<const WitnessThread *> host;
  for (const WitnessThread &t : w.threads)
    (t.host ? host : blocks[{t.pos.device, t.pos.block}]).push_back(&t);
  auto emitThread = [&](const WitnessThread &t, const std::string &indent) {
    os << indent << "subgraph cluster_t" << t.id << " {\n"
       << indent << "  label=\"" << escape(t.name) << "\";\n";
    for (const WitnessEvent &e : t.events)
      if (shown(e))
        os << indent << "  " << nodeId(e.event) << " [label=\"" << eventText(e) << "\""
           << (e.reported ? ", style=filled, fillcolor=\"#ffb0b0\", penwidth=2" : "") << "];\n";
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
    const LaunchPlace &place = threads.front()->place;
    os << "    subgraph cluster_d" << key.first << "_b" << key.second << " {\n      label=\""
       << (place.launch ? "launch " + std::to_string(place.launch) + ", " : std::string())
       << "block " << place.block << "\";\n";
    for (const WitnessThread *t : threads)
      emitThread(*t, "      ");
    os << "    }\n";
  }
  if (lastDevice != ~0u)
    os << "  }\n";
  for (const WitnessThread *t : host)
    emitThread(*t, "  ");

  auto visible = [&](Event e) {
    const WitnessEvent *x = w.find(e);
    return x && shown(*x);
  };
  bool usesInit = false;
  for (const WitnessThread &t : w.threads) {
    const WitnessEvent *prev = nullptr;
    for (const WitnessEvent &e : t.events) {
      if (!shown(e))
        continue;
      if (prev) // po
        os << "  " << nodeId(prev->event) << " -> " << nodeId(e.event) << ";\n";
      prev = &e;
      for (Event from : e.syncFrom) // sw: synchronisation that first reaches this event
        if (visible(from))
          os << "  " << nodeId(from) << " -> " << nodeId(e.event)
             << " [color=blue, style=bold, label=\"sw\", fontcolor=blue];\n";
      if (e.hasRf && (e.rf.isInit() || visible(e.rf))) {
        usesInit = usesInit || e.rf.isInit();
        os << "  " << nodeId(e.rf) << " -> " << nodeId(e.event)
           << " [color=darkgreen, label=\"rf\", fontcolor=darkgreen, constraint=false];\n";
      }
    }
  }
  if (usesInit)
    os << "  init [label=\"INIT\", shape=ellipse];\n";
  for (auto &[loc, co] : w.co)
    for (size_t k = 1; k < co.size(); ++k)
      if (visible(co[k - 1]) && visible(co[k]))
        os << "  " << nodeId(co[k - 1]) << " -> " << nodeId(co[k])
           << " [color=orange, style=dashed, label=\"co\", fontcolor=orange, constraint=false];\n";
  os << "}\n";
  return os.str();
}

} // namespace scopemc
