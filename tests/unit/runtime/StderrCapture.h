//===- StderrCapture.h - Collects what a piece of code writes to stderr ---===//
//
// Part of Rubicon's unit tests.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_TESTS_STDERRCAPTURE_H
#define RUBICON_TESTS_STDERRCAPTURE_H

#include <cstdio>
#include <string>
#include <unistd.h>

namespace rubicon::cudart::testing {

/// Redirects file descriptor 2 to a temporary file until finish().
class StderrCapture {
public:
  StderrCapture() {
    std::fflush(stderr);
    File = std::tmpfile();
    Saved = dup(2);
    if (File)
      dup2(fileno(File), 2);
  }
  ~StderrCapture() { finish(); }

  /// Restores stderr and returns what was written meanwhile.
  std::string finish() {
    if (Saved < 0)
      return Text;
    std::fflush(stderr);
    dup2(Saved, 2);
    close(Saved);
    Saved = -1;
    if (File) {
      std::rewind(File);
      char Buffer[4096];
      size_t Read;
      while ((Read = std::fread(Buffer, 1, sizeof(Buffer), File)) > 0)
        Text.append(Buffer, Read);
      std::fclose(File);
      File = nullptr;
    }
    return Text;
  }

private:
  std::FILE *File = nullptr;
  int Saved = -1;
  std::string Text;
};

} // namespace rubicon::cudart::testing

#endif // RUBICON_TESTS_STDERRCAPTURE_H
