// A unified diff of two texts by lines: Myers' O(ND) shortest edit script (repairs change a
// few lines, so D is small), grouped into hunks with three lines of context.
#include <algorithm>
#include <sstream>

#include "repair/SourceEdit.h"

namespace scopemc {

namespace {

std::vector<std::string> linesOf(const std::string &s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string l;
  while (std::getline(in, l))
    out.push_back(l);
  return out;
}

enum class Op : uint8_t { Keep, Del, Add };

/// The edit script turning a into b, in order.
std::vector<Op> script(const std::vector<std::string> &a, const std::vector<std::string> &b) {
  const long n = static_cast<long>(a.size()), m = static_cast<long>(b.size()), off = n + m + 1;
  std::vector<long> v(static_cast<size_t>(2 * off + 1), 0);
  std::vector<std::vector<long>> trace;
  long dEnd = 0;
  for (long d = 0; d <= n + m; ++d) {
    trace.push_back(v);
    bool done = false;
    for (long k = -d; k <= d; k += 2) {
      long x = (k == -d || (k != d && v[off + k - 1] < v[off + k + 1])) ? v[off + k + 1]
                                                                        : v[off + k - 1] + 1;
      long y = x - k;
      while (x < n && y < m && a[x] == b[y])
        ++x, ++y;
      v[off + k] = x;
      if (x >= n && y >= m) {
        done = true;
        break;
      }
    }
    if (done) {
      dEnd = d;
      break;
    }
  }
  std::vector<Op> ops;
  long x = n, y = m;
  for (long d = dEnd; d > 0; --d) {
    const std::vector<long> &pv = trace[static_cast<size_t>(d)];
    long k = x - y;
    long pk = (k == -d || (k != d && pv[off + k - 1] < pv[off + k + 1])) ? k + 1 : k - 1;
    long px = pv[off + pk], py = px - pk;
    while (x > px && y > py)
      ops.push_back(Op::Keep), --x, --y;
    ops.push_back(x == px ? Op::Add : Op::Del);
    x = px, y = py;
  }
  while (x > 0 && y > 0)
    ops.push_back(Op::Keep), --x, --y;
  std::reverse(ops.begin(), ops.end());
  return ops;
}

} // namespace

size_t offsetOf(const std::string &text, unsigned line, unsigned col) {
  size_t off = 0;
  for (unsigned l = 1; l < line; ++l) {
    off = text.find('\n', off);
    if (off == std::string::npos)
      return off;
    ++off;
  }
  size_t end = std::min(text.find('\n', off), text.size());
  return col >= 1 && off + col - 1 <= end ? off + col - 1 : std::string::npos;
}

std::string unifiedDiff(const std::string &path, const std::string &before,
                        const std::string &after) {
  std::vector<std::string> a = linesOf(before), b = linesOf(after);
  std::vector<Op> ops = script(a, b);
  std::ostringstream out;
  out << "--- " << path << "\n+++ " << path << " (repaired)\n";
  const size_t ctx = 3;
  size_t i = 0;
  while (i < ops.size()) {
    if (ops[i] == Op::Keep) {
      ++i;
      continue;
    }
    // A hunk: from ctx lines before this change to ctx lines after the last change that is
    // within 2*ctx kept lines of the previous one.
    size_t start = i >= ctx ? i - ctx : 0, last = i, k = i;
    while (k < ops.size()) {
      if (ops[k] != Op::Keep) {
        last = k++;
        continue;
      }
      size_t run = 0;
      while (k + run < ops.size() && ops[k + run] == Op::Keep)
        ++run;
      if (k + run >= ops.size() || run > 2 * ctx)
        break;
      k += run;
    }
    size_t end = std::min(ops.size(), last + 1 + ctx);
    // positions of `start` in a and b
    size_t ai = 0, bi = 0;
    for (size_t k = 0; k < start; ++k) {
      ai += ops[k] != Op::Add;
      bi += ops[k] != Op::Del;
    }
    size_t al = 0, bl = 0;
    for (size_t k = start; k < end; ++k) {
      al += ops[k] != Op::Add;
      bl += ops[k] != Op::Del;
    }
    out << "@@ -" << ai + (al ? 1 : 0) << "," << al << " +" << bi + (bl ? 1 : 0) << "," << bl
        << " @@\n";
    for (size_t k = start; k < end; ++k) {
      if (ops[k] == Op::Keep)
        out << " " << a[ai++] << "\n", ++bi;
      else if (ops[k] == Op::Del)
        out << "-" << a[ai++] << "\n";
      else
        out << "+" << b[bi++] << "\n";
    }
    i = end;
  }
  return out.str();
}

} // namespace scopemc
