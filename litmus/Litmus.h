// Litmus tests in the herd C format and its GPU dialects (OpenCL `P0@wg 0, dev 0`, PTX/CUDA
// `P0@cta 0, gpu 0`): what a test says, as the parser reads it. The bottom of the litmus
// layer: no dependency on the rest of the tool; Translate.h makes C of it and
// session/LitmusRun.h runs it.
//
// Contract: a Test that parse returned is well-formed: threads numbered P0, P1, ... without
// gaps and sorted by id; the condition and filter name only existing threads, their registers
// or pointer parameters, and global locations (an array only by element, within bounds).
// Anything else throws LitmusError with the position of the first problem. The free functions
// are functions of their arguments.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace scopemc::litmus {

/// Where something is in the litmus file (1-based).
struct Pos {
  int line = 1, col = 1;
};

/// A syntax or meaning error in a litmus file; what() is "file:line:col: message".
class LitmusError : public std::runtime_error {
public:
  LitmusError(const std::string &file, Pos p, const std::string &msg)
      : std::runtime_error(file + ":" + std::to_string(p.line) + ":" + std::to_string(p.col) +
                           ": " + msg) {}
};

/// The test's first word: C; OPENCL; PTX, CUDA or GPU_PTX (any case).
enum class Dialect { C, OpenCL, Ptx };

/// A shared location: its C type (without pointer), initial value and whether it is
/// work-group local memory.
struct Location {
  std::string name;
  std::string type = "int";
  int64_t init = 0;
  bool local = false;
  size_t count = 0;           // elements of an array location (`int x[2]`); 0: a scalar
  std::vector<int64_t> inits; // an array's initialiser list (missing elements are 0)
};

/// A thread's pointer parameter: the location of the same name.
struct Param {
  std::string type; // the pointee type as written, qualifiers other than global/local dropped
  std::string name;
  bool local = false;
};

struct Thread {
  int id = 0;                            // N of PN
  std::optional<uint32_t> group, device; // placement (@wg/@cta, @dev/@gpu)
  std::vector<Param> params;
  std::string body;                   // the C statements between the braces, verbatim
  Pos bodyPos;                        // where the body text starts
  std::vector<std::string> registers; // locals declared at the body's top level, in order
  std::vector<std::pair<std::string, int64_t>> registerInits; // from the init section
};

/// A proposition over final states.
struct Prop {
  enum class Kind { True, False, Reg, Mem, Not, And, Or } kind = Kind::True;
  int thread = -1;  // Reg
  std::string name; // Reg: register or pointer parameter, Mem: location or element "x[1]"
  int64_t value = 0;
  std::string valueLoc;   // the value is the address of this location (`0:r0=x`), as herd reads it
  std::vector<Prop> args; // Not (1), And/Or (2 or more)
  Pos pos;
};

enum class Quantifier { Exists, NotExists, Forall };

struct Condition {
  Quantifier quantifier = Quantifier::Exists;
  Prop prop;
  std::string text; // as written, for the output
};

struct Test {
  std::string file; // as given to parse (what errors and the translation's #line name)
  Dialect dialect = Dialect::C;
  std::string name;
  std::vector<Location> locations;
  std::vector<Thread> threads; // threads[k].id == k
  std::optional<Prop> filter;  // only final states it holds in count for the condition
  Condition condition;

  /// The location named `n` (no element index), or null; valid while the Test lives unchanged.
  const Location *location(const std::string &n) const;
};

/// Parses a litmus test; `file` names it in errors and in Test::file. Throws LitmusError with
/// the position of the first problem.
Test parse(const std::string &text, const std::string &file);
/// parse of the file's text; a file that cannot be opened throws LitmusError at 1:1.
Test parseFile(const std::string &path);

/// A final state: the values of the observed registers ("0:r0") and locations ("x").
struct State {
  std::vector<std::pair<std::string, int64_t>> values;    // sorted by key
  std::vector<std::pair<std::string, int64_t>> addresses; // "x" -> its address (not printed)

  std::optional<int64_t> get(const std::string &key) const; // a value (not an address)
  /// "0:r0=1; x=2;": the values in order, a non-zero value equal to a location's address
  /// shown as the location's name (herd's way).
  std::string toString() const;
};

/// Whether p holds in s; a comparison with a key or address s lacks is false.
bool holds(const Prop &p, const State &s);
/// p in herd's syntax: ~, /\ and \/ with parentheses around each conjunction and disjunction.
std::string toString(const Prop &p);

} // namespace scopemc::litmus
