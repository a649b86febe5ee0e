// Keeps a release build's resident memory to the pages its start touches.
//
// The kernel maps a file's pages 64 KB at a time around each page a program touches
// (fault-around), within the mapping that holds it, whatever madvise says. The prebuilt Swift
// standard library's code is one 1.6 MB section that no link can reorder, and a start touches a
// page here and there in it: fault-around kept all of it resident (5.9 MB after a start, for 2.7 MB
// touched). Splitting the binary's mappings where the pages a start uses begin and end confines
// each fault-around to pages the same starts use. A mapping splits where its flags change: every
// other stretch gets MADV_NOHUGEPAGE, a hint with no other effect on file pages (nothing here asks
// for huge pages). The cost: a couple of hundred more mappings, a few more page faults, and more
// lines for whatever reads /proc/self/maps (glibc's pthread_getattr_np on the main thread; the
// Swift runtime's start, looking for argv, which is why the split waits for main: split before it
// (a .preinit_array entry), a start took 0.77M instructions more, for 0.1 MB less resident).
//
// The stretches are written into formtui_cold_pages after the link by Build/resident-pages.py, from
// the names in Build/startup.hot; an unpatched binary (a debug build, a plain `swift build`) has
// none and this does nothing. Stale stretches only cost memory or a few page faults, never
// correctness: every page stays mapped and readable as before.

#include <stdint.h>
#include <sys/mman.h>

#include "resident_pages.h"

/// What Build/resident-pages.py patches: a magic word to check it by, the count, then each stretch
/// to mark as its first page and its page count, counted from the ELF header's page.
struct formtui_cold_pages {
    uint32_t magic;
    uint32_t count;
    uint32_t stretches[2 * 1024];
};

// In the data segment, written in the file: the patcher finds it by its symbol and checks its magic
// word. Volatile, so that the compiler does not fold the zero count it sees here.
__attribute__((used, aligned(8))) volatile struct formtui_cold_pages formtui_cold_pages = {
    .magic = 0x646c6f63u,  // "cold"
};

extern const char __ehdr_start[] __attribute__((weak));

void formtui_split_cold_pages(void) {
    uint32_t count = formtui_cold_pages.count;
    if (count > 1024 || __ehdr_start == 0) {
        return;
    }
    uintptr_t base = (uintptr_t)__ehdr_start;
    for (uint32_t index = 0; index < count; index++) {
        uintptr_t first = base + (uintptr_t)formtui_cold_pages.stretches[2 * index] * 4096u;
        size_t length = (size_t)formtui_cold_pages.stretches[2 * index + 1] * 4096u;
        // A failure leaves one mapping whole: it costs memory only.
        (void)madvise((void *)first, length, MADV_NOHUGEPAGE);
    }
}
