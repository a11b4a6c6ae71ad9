// The file functions of a host program (Files.h) as calls: each reads its arguments, makes
// the stores or loads of the bytes it moves (resumable only when the call made no load
// before its stores), and changes the stream's state only once they are all done.
#include <algorithm>
#include <bit>
#include <cctype>
#include <cstring>
#include <filesystem>

#include "interpreter/FileCalls.h"

#include "frontend/InputError.h"

namespace scopemc {

using namespace llvm;

namespace {
constexpr uint64_t kEof = ~uint64_t{0}; // EOF, -1 as the call's type has it
constexpr uint32_t kFdThreadShift = 16;

/// O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND on Linux.
struct OpenFlags {
  bool read, write, append;
};
OpenFlags posixFlags(uint64_t flags) {
  unsigned access = flags & 3;
  return {access != 1, access != 0, (flags & 0x400) != 0};
}
OpenFlags modeFlags(const std::string &mode) {
  bool plus = mode.find('+') != std::string::npos;
  char c = mode.empty() ? 'r' : mode[0];
  return {c == 'r' || plus, c != 'r' || plus, c == 'a'};
}

/// One printf conversion `spec` (flags, width, precision) `len` `conv` of the argument `v`
/// (`text`: a %s argument's string).
std::string formatOne(const std::string &spec, const std::string &len, char conv, uint64_t v,
                      const std::string &text) {
  // Measured first, then written: a long string or a wide field is never cut.
  auto print = [](const std::string &fmt, auto value) {
    std::string out(static_cast<size_t>(std::snprintf(nullptr, 0, fmt.c_str(), value)), '\0');
    std::snprintf(out.data(), out.size() + 1, fmt.c_str(), value);
    return out;
  };
  if (conv == 's')
    return print(spec + "s", text.c_str());
  if (std::strchr("fFeEgGaA", conv))
    return print(spec + conv, std::bit_cast<double>(v));
  if (conv == 'p')
    return print("0x%llx", static_cast<unsigned long long>(v));
  // integers: the argument's bits as its length says (int without one)
  unsigned bits = len == "hh" ? 8 : len == "h" ? 16 : len.empty() || conv == 'c' ? 32 : 64;
  uint64_t m = bits == 64 ? v : v & ((uint64_t{1} << bits) - 1);
  auto sv = static_cast<long long>(bits == 64 ? m : m | (0 - ((m >> (bits - 1)) << bits)));
  if (conv == 'c')
    return print(spec + "c", static_cast<int>(m & 0xff));
  return print(spec + "ll" + conv, std::strchr("di", conv) ? sv : static_cast<long long>(m));
}

/// Writes `bytes` at the stream's position (copying its contents only if shared).
void writeTo(ThreadState::OpenFile &f, const std::string &bytes) {
  auto d = f.data.use_count() == 1 ? std::const_pointer_cast<std::string>(f.data)
                                   : std::make_shared<std::string>(f.data ? *f.data : "");
  if (f.append)
    f.pos = d->size();
  if (d->size() < f.pos + bytes.size())
    d->resize(f.pos + bytes.size());
  d->replace(f.pos, bytes.size(), bytes);
  f.pos += bytes.size();
  f.data = std::move(d);
}
/// Opens the thread's standard input, output and error (slots 0 to 2) if it has not yet.
void openStandardFiles(ThreadState &th, FileSource &source) {
  if (th.files.size() >= 3)
    return;
  th.files.resize(3);
  for (unsigned k = 0; k < 3; ++k) {
    th.files[k].open = true;
    (k == 0 ? th.files[k].readable : th.files[k].writable) = true;
  }
  if (th.tid == 0)
    th.files[0].data = source.standardInput();
}
} // namespace

ThreadState::OpenFile *FileCalls::fileOf(Thread &th, const CallBase &i, uint64_t handle, bool fd) {
  openStandardFiles(th, source_);
  uint64_t owner = 0, slot = 0;
  if (fd) {
    owner = handle >> kFdThreadShift;
    slot = handle & ((1u << kFdThreadShift) - 1);
  } else if (handle >= addr::fileHandle(0, 0) && (handle - addr::kFiles) % 16 == 0) {
    owner = (handle - addr::kFiles) >> addr::kThreadShift;
    slot = ((handle - addr::kFiles) & (addr::kThreadSpan - 1)) / 16 - 1;
  } else {
    return nullptr;
  }
  bool standard = slot < 3 && owner == 0;
  if ((standard && slot == 0 && th.tid != 0) || (!standard && owner != uint64_t(th.tid)))
    throw InputError(toString(host_.src(i)) + ": " +
                     (standard ? std::string("standard input is read by main's thread only")
                               : "a file opened by thread " + std::to_string(owner) +
                                     " is used by thread " + std::to_string(th.tid)) +
                     " (not supported: a file belongs to the thread that opened it)");
  if (slot >= th.files.size() || !th.files[slot].open)
    return nullptr;
  return &th.files[slot];
}

Flow FileCalls::loadCString(Thread &th, const CallBase &i, uint64_t a, std::string &out) {
  out.clear();
  for (uint64_t k = 0; k < 4096; ++k) {
    uint64_t c = 0;
    if (Flow fl = host_.loadScalar(th, i, a + k, 1, kPlain, c); fl != Flow::Next)
      return fl;
    if (c == 0)
      return Flow::Next;
    out += static_cast<char>(c);
  }
  throw InputError(toString(host_.src(i)) + ": a file name or text longer than 4096 bytes");
}

Flow FileCalls::open(Thread &th, Frame &f, const CallBase &i, bool posix) {
  std::string path, mode;
  if (Flow fl = loadCString(th, i, arg(f, i, 0), path); fl != Flow::Next)
    return fl;
  if (!posix)
    if (Flow fl = loadCString(th, i, arg(f, i, 1), mode); fl != Flow::Next)
      return fl;
  OpenFlags how = posix ? posixFlags(arg(f, i, 1)) : modeFlags(mode);
  bool truncate = posix ? (arg(f, i, 1) & 0x200) != 0 : !mode.empty() && mode[0] == 'w';
  bool create = posix ? (arg(f, i, 1) & 0x40) != 0 : !mode.empty() && mode[0] != 'r';
  ThreadState::OpenFile file{nullptr, path, 0, true, how.read, how.write, how.append};
  auto mine = std::find_if(th.written.rbegin(), th.written.rend(),
                           [&](auto &w) { return w.first == path; });
  if (!truncate) {
    try {
      file.data = mine != th.written.rend() ? mine->second : source_.read(path);
    } catch (const InputError &e) {
      if (!create) // (a file only written never reaches the disk: any path will do)
        throw InputError(toString(host_.src(i)) + ": " + e.what());
    }
    if (!file.data && !create)
      return result(f, i, posix ? kEof : 0); // no such file
  }
  std::error_code ec; // a file is made only in a folder that exists, as on the machine
  if (!file.data &&
      !std::filesystem::is_directory(std::filesystem::absolute(path, ec).parent_path(), ec))
    return result(f, i, posix ? kEof : 0);
  if (!file.data)
    file.data = std::make_shared<const std::string>();
  openStandardFiles(th, source_);
  size_t slot = 3;
  while (slot < th.files.size() && th.files[slot].open)
    ++slot;
  if (slot == th.files.size())
    th.files.emplace_back();
  th.files[slot] = std::move(file);
  uint64_t t = static_cast<uint64_t>(th.tid);
  return result(f, i, posix ? (t << kFdThreadShift) | slot : addr::fileHandle(th.tid, slot));
}

Flow FileCalls::call(Thread &th, Frame &f, const CallBase &i, FileOp op) {
  // A loop that reads a file on makes progress though it makes no event (LoopProgress).
  Flow fl = run(th, f, i, op);
  if (fl == Flow::Next && op != FileOp::Feof && op != FileOp::Ferror && op != FileOp::Ftell &&
      op != FileOp::Fileno)
    ++th.fileCalls;
  return fl;
}

Flow FileCalls::run(Thread &th, Frame &f, const CallBase &i, FileOp op) {
  auto arg = [&](unsigned k) { return FileCalls::arg(f, i, k); };
  if (op == FileOp::Fopen || op == FileOp::Open)
    return open(th, f, i, op == FileOp::Open);
  if (op == FileOp::Strtod)
    return parseFloat(th, f, i);
  if (op == FileOp::Sprintf)
    return printTo(th, f, i);
  if (op == FileOp::Sscanf) { // the input is the string (loads), no stream
    ThreadState::OpenFile text;
    std::string in;
    if (Flow fl = loadCString(th, i, arg(0), in); fl != Flow::Next)
      return fl;
    text.data = std::make_shared<const std::string>(std::move(in));
    text.readable = true;
    return scan(th, f, i, text, 1);
  }
  bool fd = op == FileOp::Read || op == FileOp::Write || op == FileOp::Close || op == FileOp::Lseek;
  if (op == FileOp::Fprintf &&
      (arg(0) == addr::fileHandle(0, 1) || arg(0) == addr::fileHandle(0, 2)))
    return result(f, i, 0); // stdout, stderr: nothing, as printf
  unsigned streamArg = op == FileOp::Fread || op == FileOp::Fwrite                          ? 3
                       : op == FileOp::Fgets                                                ? 2
                       : op == FileOp::Ungetc || op == FileOp::Fputs || op == FileOp::Fputc ? 1
                                                                                            : 0;
  bool standardInput = op == FileOp::Getchar || op == FileOp::Scanf;
  uint64_t handle = standardInput ? addr::fileHandle(0, 0) : arg(streamArg);
  ThreadState::OpenFile *s = fileOf(th, i, handle, fd);
  if (!s)
    return host_.fail(th, i, ErrorKind::MemoryError,
                      std::string(fd ? "a file descriptor" : "a FILE pointer") +
                          " that names no open file");
  const std::string &data = s->data ? *s->data : std::string();
  uint64_t left = s->readable && s->pos < data.size() ? data.size() - s->pos : 0;
  switch (op) {
  case FileOp::Fread:
  case FileOp::Read: {
    uint64_t size = op == FileOp::Read ? 1 : arg(1),
             want = op == FileOp::Read ? arg(2) : arg(1) * arg(2);
    uint64_t got = size ? std::min(want, left) / size * size : 0;
    uint32_t grain = size == 2 || size == 4 || size == 8 ? static_cast<uint32_t>(size) : 1;
    ByteRun run{op == FileOp::Read ? 1u : 0u,
                arg(op == FileOp::Read ? 1 : 0),
                got,
                reinterpret_cast<const uint8_t *>(data.data() + s->pos),
                0,
                grain};
    if (Flow fl = host_.storeRuns(th, i, {&run, 1}); fl != Flow::Next)
      return fl;
    s->pos += got;
    s->eof = s->eof || got < want;
    return result(f, i, size ? got / size : 0);
  }
  case FileOp::Fwrite:
  case FileOp::Write: {
    uint64_t n = op == FileOp::Write ? arg(2) : arg(1) * arg(2);
    const unsigned operand[] = {op == FileOp::Write ? 1u : 0u};
    const uint64_t at[] = {arg(operand[0])};
    std::vector<uint8_t> bytes;
    if (Flow fl = host_.readMemory(th, i, operand, at, n, bytes); fl != Flow::Next)
      return fl;
    if (s->writable && s->path.size())
      writeTo(*s, std::string(bytes.begin(), bytes.end()));
    return result(f, i, op == FileOp::Write ? n : arg(2));
  }
  case FileOp::Fputs:
  case FileOp::Fputc:
  case FileOp::Fprintf: {
    std::string text(1, static_cast<char>(arg(0)));
    Flow fl = op == FileOp::Fputs     ? loadCString(th, i, arg(0), text)
              : op == FileOp::Fprintf ? format(th, f, i, 1, text)
                                      : Flow::Next;
    if (fl != Flow::Next)
      return fl;
    s->error = s->error || !s->writable;
    if (s->writable && s->path.size())
      writeTo(*s, text);
    uint64_t done = op == FileOp::Fputs ? 1 : op == FileOp::Fputc ? arg(0) & 0xff : text.size();
    return result(f, i, s->writable ? done : kEof);
  }
  case FileOp::Fgetc:
  case FileOp::Getchar:
    if (!left) {
      s->eof = true;
      return result(f, i, kEof);
    }
    return result(f, i, static_cast<uint8_t>(data[s->pos++]));
  case FileOp::Ungetc:
    if (arg(0) == (kEof & 0xffffffff) || s->pos == 0 || !s->readable)
      return result(f, i, kEof);
    if (static_cast<uint8_t>(data[s->pos - 1]) != (arg(0) & 0xff)) { // pushes another byte
      std::string d = data;
      d[s->pos - 1] = static_cast<char>(arg(0));
      s->data = std::make_shared<const std::string>(std::move(d));
    }
    --s->pos;
    s->eof = false;
    return result(f, i, arg(0) & 0xff);
  case FileOp::Fgets: {
    int64_t n = static_cast<int32_t>(arg(1));
    if (n <= 0 || !left) {
      s->eof = s->eof || !left;
      return result(f, i, 0);
    }
    size_t end = data.find('\n', s->pos);
    uint64_t take = std::min<uint64_t>(
        {static_cast<uint64_t>(n - 1), left, end == std::string::npos ? left : end - s->pos + 1});
    std::string line = data.substr(s->pos, take) + '\0';
    ByteRun run{0, arg(0), line.size(), reinterpret_cast<const uint8_t *>(line.data()), 0, 1};
    if (Flow fl = host_.storeRuns(th, i, {&run, 1}); fl != Flow::Next)
      return fl;
    s->pos += take;
    s->eof = s->eof || take == left;
    return result(f, i, arg(0));
  }
  case FileOp::Fscanf:
  case FileOp::Scanf:
    return scan(th, f, i, *s, op == FileOp::Scanf ? 0 : 1);
  case FileOp::Feof:
    return result(f, i, s->eof);
  case FileOp::Ferror:
    return result(f, i, s->error);
  case FileOp::Clearerr:
    s->eof = s->error = false;
    return result(f, i, 0);
  case FileOp::Fseek:
  case FileOp::Lseek:
  case FileOp::Rewind: {
    int64_t off = op == FileOp::Rewind ? 0 : static_cast<int64_t>(arg(1));
    uint64_t whence = op == FileOp::Rewind ? 0 : arg(2);
    int64_t base = whence == 1   ? static_cast<int64_t>(s->pos)
                   : whence == 2 ? static_cast<int64_t>(data.size())
                                 : 0;
    if (base + off < 0 || whence > 2)
      return result(f, i, kEof);
    s->pos = static_cast<uint64_t>(base + off);
    s->eof = false;
    return result(f, i, op == FileOp::Lseek ? s->pos : 0);
  }
  case FileOp::Ftell:
    return result(f, i, s->pos);
  case FileOp::Fileno:
    return result(f, i,
                  (static_cast<uint64_t>(th.tid) << kFdThreadShift) |
                      static_cast<uint64_t>(s - th.files.data()));
  case FileOp::Fclose:
  case FileOp::Close:
    if (s->writable && s->path.size())
      th.written.emplace_back(s->path, s->data);
    if (s - th.files.data() >= 3)
      *s = ThreadState::OpenFile{};
    return result(f, i, 0);
  default:
    return result(f, i, 0);
  }
}

Flow FileCalls::format(Thread &th, Frame &f, const CallBase &i, unsigned formatArg,
                       std::string &out) {
  // Each conversion is written by the C library's own snprintf, with the argument's value.
  std::string fmt;
  if (Flow fl = loadCString(th, i, arg(f, i, formatArg), fmt); fl != Flow::Next)
    return fl;
  out.clear();
  unsigned next = formatArg + 1;
  for (size_t k = 0; k < fmt.size(); ++k) {
    if (fmt[k] != '%') {
      out += fmt[k];
      continue;
    }
    size_t start = k++;
    std::string spec = "%";
    for (; k < fmt.size() && std::strchr("-+ #0123456789.*", fmt[k]); ++k) {
      if (fmt[k] != '*') {
        spec += fmt[k];
        continue;
      }
      // A width or precision argument. A negative width is a '-' flag and the width (as
      // written into the spec); a negative precision is as if none were given (C 7.21.6.1).
      auto v = static_cast<int32_t>(next < i.arg_size() ? arg(f, i, next++) : 0);
      if (v < 0 && spec.back() == '.')
        spec.pop_back();
      else
        spec += std::to_string(v);
    }
    size_t lenStart = k;
    while (k < fmt.size() && std::strchr("hljztqL", fmt[k]))
      ++k;
    std::string len = fmt.substr(lenStart, k - lenStart);
    char conv = k < fmt.size() ? fmt[k] : '\0';
    if (conv == '%') {
      out += '%';
      continue;
    }
    if (!conv || !std::strchr("diouxXcsfFeEgGaAp", conv) || len == "L" ||
        (len == "l" && (conv == 's' || conv == 'c')))
      throw InputError(toString(host_.src(i)) + ": the printf conversion " +
                       fmt.substr(start, k + 1 - start) + " is not supported");
    if (next >= i.arg_size())
      return host_.fail(th, i, ErrorKind::UndefinedBehaviour,
                        "printf has more conversions than arguments");
    uint64_t v = arg(f, i, next++);
    std::string text;
    if (conv == 's')
      if (Flow fl = loadCString(th, i, v, text); fl != Flow::Next)
        return fl;
    out += formatOne(spec, len, conv, v, text);
  }
  return Flow::Next;
}

Flow FileCalls::printTo(Thread &th, Frame &f, const CallBase &i) {
  bool bounded = calledFunction(i) && calledFunction(i)->getName() == "snprintf";
  std::string text;
  if (Flow fl = format(th, f, i, bounded ? 2 : 1, text); fl != Flow::Next)
    return fl;
  uint64_t room = bounded ? arg(f, i, 1) : text.size() + 1;
  std::string stored = room ? text.substr(0, room - 1) + '\0' : "";
  ByteRun run{0, arg(f, i, 0), stored.size(), reinterpret_cast<const uint8_t *>(stored.data()), 0,
              1};
  // (the format's loads came first: a stop runs the whole call again)
  if (Flow fl = host_.storeRuns(th, i, {&run, 1}, false); fl != Flow::Next)
    return fl;
  return result(f, i, text.size());
}

Flow FileCalls::parseFloat(Thread &th, Frame &f, const CallBase &i) {
  // The characters a number can be made of are read (a load each) up to the first that
  // cannot continue it, then converted as the C library does (correctly rounded).
  std::string text;
  uint64_t s = arg(f, i, 0);
  for (uint64_t k = 0; k < 128; ++k) {
    uint64_t c = 0;
    if (Flow fl = host_.loadScalar(th, i, s + k, 1, kPlain, c); fl != Flow::Next)
      return fl;
    bool blank = std::isspace(static_cast<int>(c)) &&
                 text.find_first_not_of(" \t\n\v\f\r") == std::string::npos;
    if (!c ||
        (!blank && !std::strchr("0123456789+-.eEpPxXaAbBcCdDfFiInNtTyY", static_cast<int>(c))))
      break;
    text += static_cast<char>(c);
  }
  char *end = nullptr;
  double d = std::strtod(text.c_str(), &end);
  const std::string name = calledFunction(i) ? calledFunction(i)->getName().str() : "";
  if (name != "atof" && i.arg_size() > 1 && arg(f, i, 1))
    if (Flow fl = host_.storeScalar(th, i, arg(f, i, 1), 8,
                                    s + static_cast<uint64_t>(end - text.c_str()), kPlain);
        fl != Flow::Next)
      return fl;
  if (i.getType()->isFloatTy()) // strtof: one rounding (through double would round twice)
    return result(f, i, std::bit_cast<uint32_t>(std::strtof(text.c_str(), nullptr)));
  return result(f, i, std::bit_cast<uint64_t>(d));
}

Flow FileCalls::scan(Thread &th, Frame &f, const CallBase &i, ThreadState::OpenFile &s,
                     unsigned formatArg) {
  std::string format;
  if (Flow fl = loadCString(th, i, arg(f, i, formatArg), format); fl != Flow::Next)
    return fl;
  std::string_view in;
  if (s.data && s.readable && s.pos < s.data->size())
    in = std::string_view(*s.data).substr(s.pos);
  ScanResult r = scanFormat(format, in);
  if (!r.unsupported.empty())
    throw InputError(toString(host_.src(i)) + ": the scanf conversion " + r.unsupported +
                     " is not supported");
  std::vector<ByteRun> runs;
  for (const ScanStore &st : r.stores) {
    unsigned operand = formatArg + 1 + st.arg;
    if (operand >= i.arg_size())
      return host_.fail(th, i, ErrorKind::MemoryError, "scanf has more conversions than arguments");
    // (a string or characters: by character; a number: whole, as its variable is accessed)
    runs.push_back(ByteRun{operand, arg(f, i, operand), st.bytes.size(),
                           reinterpret_cast<const uint8_t *>(st.bytes.data()), 0,
                           st.text ? 1u : static_cast<uint32_t>(st.bytes.size())});
  }
  // (the format's loads came first: a stop runs the whole call again)
  if (Flow fl = host_.storeRuns(th, i, runs, false); fl != Flow::Next)
    return fl;
  s.pos += r.consumed;
  s.eof = s.eof || r.assigned < 0 || (s.data && s.pos >= s.data->size());
  return result(f, i, r.assigned < 0 ? kEof : static_cast<uint64_t>(r.assigned));
}

} // namespace scopemc
