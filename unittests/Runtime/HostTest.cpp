//===- HostTest.cpp - What uop-run reads from the host --------------------===//
//
// The last-level cache size read from a sysfs-like tree, and the streaming
// store threshold's environment override.
//
//===----------------------------------------------------------------------===//

#include "uop/Runtime/Compile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace {

/// A temporary directory laid out as /sys/devices/system/cpu/cpu0/cache.
class CacheDir : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("uop-cache", dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir); }

  void add(llvm::StringRef index, llvm::StringRef level, llvm::StringRef type,
           llvm::StringRef size) {
    llvm::SmallString<128> sub(dir);
    llvm::sys::path::append(sub, index);
    ASSERT_FALSE(llvm::sys::fs::create_directories(sub));
    auto write = [&](llvm::StringRef file, llvm::StringRef text) {
      llvm::SmallString<128> path(sub);
      llvm::sys::path::append(path, file);
      std::error_code ec;
      llvm::raw_fd_ostream os(path, ec);
      ASSERT_FALSE(ec);
      os << text << "\n";
    };
    write("level", level);
    write("type", type);
    write("size", size);
  }

  llvm::SmallString<128> dir;
};

TEST_F(CacheDir, HighestLevelWins) {
  add("index0", "1", "Data", "32K");
  add("index1", "1", "Instruction", "32K");
  add("index2", "2", "Unified", "1024K");
  add("index3", "3", "Unified", "32768K");
  EXPECT_EQ(uop::lastLevelCacheBytes(dir), int64_t(32) << 20);
}

TEST_F(CacheDir, InstructionCachesAndMalformedEntriesAreSkipped) {
  add("index0", "1", "Data", "48K");
  add("index1", "2", "Unified", "2M");
  add("index2", "3", "Instruction", "64M");
  add("index3", "3", "Unified", "lots");
  add("index4", "x", "Unified", "8M");
  EXPECT_EQ(uop::lastLevelCacheBytes(dir), int64_t(2) << 20);
}

TEST_F(CacheDir, NoCachesIsZero) {
  EXPECT_EQ(uop::lastLevelCacheBytes(dir), 0);
  EXPECT_EQ(uop::lastLevelCacheBytes("/nonexistent/uop-cache-dir"), 0);
}

TEST(StreamStoreBytes, EnvironmentOverrides) {
  ASSERT_EQ(setenv("UOP_STREAM_STORE_BYTES", "0", 1), 0);
  EXPECT_EQ(uop::hostStreamStoreBytes(), std::optional<int64_t>(0));
  ASSERT_EQ(setenv("UOP_STREAM_STORE_BYTES", "65536", 1), 0);
  EXPECT_EQ(uop::hostStreamStoreBytes(), std::optional<int64_t>(65536));
  for (const char *bad : {"-1", "8M", "", "1e6"}) {
    ASSERT_EQ(setenv("UOP_STREAM_STORE_BYTES", bad, 1), 0);
    EXPECT_EQ(uop::hostStreamStoreBytes(), std::nullopt) << bad;
  }
  ASSERT_EQ(unsetenv("UOP_STREAM_STORE_BYTES"), 0);
  std::optional<int64_t> host = uop::hostStreamStoreBytes();
  ASSERT_TRUE(host.has_value());
  int64_t cache = uop::lastLevelCacheBytes();
  EXPECT_EQ(*host, cache > 0 ? cache : int64_t(32) << 20);
}

} // namespace
