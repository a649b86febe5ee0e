// A TOML text read by toml++ (the system's header-only library, Debian: libtomlplusplus-dev) and
// handed to Swift as events, one call each, so that Swift needs no C++ and no Foundation for it.
#ifndef TOML_READER_H
#define TOML_READER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    /// A table starts: `count` members follow, each a key event and its value.
    TOML_READER_TABLE,
    /// An array starts: `count` values follow.
    TOML_READER_ARRAY,
    TOML_READER_KEY,
    TOML_READER_STRING,
    TOML_READER_INTEGER,
    TOML_READER_DECIMAL,
    TOML_READER_BOOL,
    TOML_READER_DATE,
    TOML_READER_TIME,
    TOML_READER_DATE_TIME,
} toml_reader_kind;

typedef struct {
    toml_reader_kind kind;
    /// Members of a table, values of an array.
    size_t count;
    /// Keys and strings: UTF-8 bytes, not NUL-terminated, alive only during the call.
    const char *text;
    size_t length;
    /// Integers, and booleans as 0 or 1.
    int64_t integer;
    double decimal;
    int year, month, day, hour, minute, second;
} toml_reader_event;

/// Takes one event; returns 0 to go on, anything else to stop the walk.
typedef int (*toml_reader_sink)(void *context, const toml_reader_event *event);

typedef enum {
    TOML_READER_OK = 0,
    /// The text is not TOML: `message`, `line` and `column` say why and where.
    TOML_READER_SYNTAX_ERROR = 1,
    /// toml++ failed one of its own checks (an assertion, compiled in) or ran out of memory:
    /// `message` names the check; `line` and `column` are 0. Never an abort.
    TOML_READER_INTERNAL_ERROR = 2,
    /// The sink asked to stop.
    TOML_READER_STOPPED = 3,
} toml_reader_status;

/// Reads `length` bytes of TOML and hands the root table to `sink` as events, in order (the
/// root's own TABLE event first; a table's members by key). toml++'s tree is freed as it is
/// walked, so that it and what the sink builds are never both whole. On an error, its
/// description is copied into `message` (cut to `capacity` bytes, NUL-terminated) with its line
/// and column (from 1).
toml_reader_status toml_reader_read(
    const char *text, size_t length, void *context, toml_reader_sink sink, char *message, size_t capacity,
    int *line, int *column);

#ifdef __cplusplus
}
#endif

#endif
