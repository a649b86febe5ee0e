// The unwind tables registered at the first unwind instead of at start, in release builds.
//
// The static binary has no .eh_frame_hdr (see the Makefile), so libgcc's unwinder finds frames
// through the tables that crtbeginT.o's constructor registers, and registering reads their first
// word. That one read at start kept all of .eh_frame (0.4 MB, read by nothing else until a C++
// throw) among the pages a cold start must wait for. With these three wrappers (RELEASE_FLAGS:
// -Xlinker --wrap=...), the constructor only notes what it would register; the first search for
// a frame (the first throw, in CTOMLReader) registers it, and exit deregisters only what was
// registered. Build/layout.ld then puts .eh_frame after everything a start reads.
//
// Here, beside the C++ that throws, so that every program the flags link (formtui and
// formtui-bench, both through FormSpec) has the wrappers they name. Without --wrap (debug builds,
// tests) nothing calls these, and the weak `__real_` names stay null.

#include <pthread.h>
#include <stddef.h>

extern void __real___register_frame_info(const void *begin, void *object) __attribute__((weak));
extern void *__real___deregister_frame_info(const void *begin) __attribute__((weak));
extern const void *__real__Unwind_Find_FDE(void *pc, void *bases) __attribute__((weak));

static const void *pending_begin;
static void *pending_object;
static pthread_once_t registration = PTHREAD_ONCE_INIT;
static int registered;

static void register_pending(void) {
    if (pending_begin && __real___register_frame_info) {
        __real___register_frame_info(pending_begin, pending_object);
        registered = 1;
    }
}

void __wrap___register_frame_info(const void *begin, void *object) {
    pending_begin = begin;
    pending_object = object;
}

const void *__wrap__Unwind_Find_FDE(void *pc, void *bases) {
    pthread_once(&registration, register_pending);
    return __real__Unwind_Find_FDE ? __real__Unwind_Find_FDE(pc, bases) : NULL;
}

void *__wrap___deregister_frame_info(const void *begin) {
    // At exit: libgcc aborts when asked to deregister what it never registered.
    if (!registered || begin != pending_begin || !__real___deregister_frame_info) return NULL;
    return __real___deregister_frame_info(begin);
}
