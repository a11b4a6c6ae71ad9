// The scanf reader and the compilation-database flags (interpreter/Files.h,
// frontend/CompileDb.h), against what C's fscanf and a build's flags mean.
#include <cstring>

#include <gtest/gtest.h>

#include "frontend/CompileDb.h"
#include "interpreter/Files.h"

namespace scopemc {
namespace {

int32_t asInt(const ScanStore &s) {
  int32_t v = 0;
  EXPECT_EQ(s.bytes.size(), 4u);
  std::memcpy(&v, s.bytes.data(), 4);
  return v;
}

TEST(Files, ScanReadsIntegersInEachBaseAndStopsAtTheFirstMismatch) {
  ScanResult r = scanFormat("%d %x %o %i", "  -12 1f 17 0x10 rest");
  ASSERT_EQ(r.assigned, 4);
  EXPECT_EQ(asInt(r.stores[0]), -12);
  EXPECT_EQ(asInt(r.stores[1]), 31);
  EXPECT_EQ(asInt(r.stores[2]), 15);
  EXPECT_EQ(asInt(r.stores[3]), 16);
  EXPECT_EQ(r.consumed, std::strlen("  -12 1f 17 0x10"));
  ScanResult m = scanFormat("%d %d", "4 x");
  EXPECT_EQ(m.assigned, 1); // a matching failure: what was assigned so far
  EXPECT_EQ(m.consumed, 2u);
}

TEST(Files, ScanGivesEofOnlyWhenInputEndsBeforeTheFirstConversion) {
  EXPECT_EQ(scanFormat("%d", "").assigned, -1);
  EXPECT_EQ(scanFormat("%d", "   \n").assigned, -1);
  EXPECT_EQ(scanFormat("%d %d", "5").assigned, 1);
  EXPECT_EQ(scanFormat("%d", "x").assigned, 0);
}

TEST(Files, ScanSizesFollowTheLengthModifiers) {
  ScanResult r = scanFormat("%hhd %hd %ld %lld %f %lf", "1 2 3 4 2.5 0.25");
  ASSERT_EQ(r.assigned, 6);
  const size_t sizes[] = {1, 2, 8, 8, 4, 8};
  for (size_t k = 0; k < 6; ++k)
    EXPECT_EQ(r.stores[k].bytes.size(), sizes[k]) << k;
  float f = 0;
  double d = 0;
  std::memcpy(&f, r.stores[4].bytes.data(), 4);
  std::memcpy(&d, r.stores[5].bytes.data(), 8);
  EXPECT_EQ(f, 2.5f);
  EXPECT_EQ(d, 0.25);
}

TEST(Files, ScanStringsCharactersWidthsSuppressionAndCount) {
  ScanResult r = scanFormat("%3s%*s %d %c%n", "abcdef 12 z");
  ASSERT_EQ(r.assigned, 3); // %*s assigns nothing, %n is not counted
  ASSERT_EQ(r.stores.size(), 4u);
  EXPECT_EQ(r.stores[0].bytes, std::string("abc\0", 4));
  EXPECT_EQ(asInt(r.stores[1]), 12);
  EXPECT_EQ(r.stores[2].bytes, "z");
  EXPECT_EQ(asInt(r.stores[3]), 11);
  EXPECT_EQ(scanFormat("%3s%*d", "abcdef").assigned, 1); // "def" is no number
}

TEST(Files, ScanRefusesWhatItDoesNotReadByName) {
  EXPECT_EQ(scanFormat("%[a-z]", "abc").unsupported, "%[");
  EXPECT_EQ(scanFormat("%Lf", "1.5").unsupported, "%Lf");
  EXPECT_EQ(scanFormat("%p", "").unsupported, "%p"); // before the input is looked at
}

TEST(Files, CompileDbKeepsPreprocessorFlagsWithAbsolutePaths) {
  std::vector<std::string> dropped;
  std::vector<std::string> kept =
      keptFlags({"nvcc", "-O3", "-arch=sm_70", "-D", "N=4", "-DRACEY", "-I", "inc", "-Iother",
                 "--std=c++17", "-rdc=true", "-c", "/p/main.cu", "-o", "main.o"},
                "/p", "/p/main.cu", dropped);
  std::vector<std::string> want = {"-DN=4", "-DRACEY", "-I", "/p/inc", "-I/p/other", "-std=c++17"};
  EXPECT_EQ(kept, want);
  std::vector<std::string> wantDropped = {"-arch=sm_70", "-rdc=true"};
  EXPECT_EQ(dropped, wantDropped);
}

} // namespace
} // namespace scopemc
