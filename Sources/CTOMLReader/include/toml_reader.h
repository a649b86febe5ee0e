// A TOML text read by toml++ (the system's header-only library, Debian: libtomlplusplus-dev) and
// handed to Swift as a flat list of events, so that Swift needs no C++ and no Foundation for it.
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
    /// Keys and strings: UTF-8 bytes, not NUL-terminated, alive until the document is freed.
    const char *text;
    size_t length;
    /// Integers, and booleans as 0 or 1.
    int64_t integer;
    double decimal;
    int year, month, day, hour, minute, second;
} toml_reader_event;

typedef struct toml_reader_document toml_reader_document;

/// Reads `length` bytes of TOML. Returns NULL on a syntax error, with its description copied into
/// `message` (cut to `capacity` bytes, NUL-terminated) and its line and column (from 1).
toml_reader_document *toml_reader_parse(
    const char *text, size_t length, char *message, size_t capacity, int *line, int *column);

/// The events of the root table, in order: the root's own TABLE event first.
size_t toml_reader_event_count(const toml_reader_document *document);
const toml_reader_event *toml_reader_events(const toml_reader_document *document);

void toml_reader_free(toml_reader_document *document);

#ifdef __cplusplus
}
#endif

#endif
