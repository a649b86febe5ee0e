// toml++ without exceptions (a parse returns a result), header-only: nothing to link.
#define TOML_EXCEPTIONS 0
#define TOML_HEADER_ONLY 1
#define TOML_ENABLE_FORMATTERS 0
#include <toml++/toml.h>

#include <cstring>
#include <vector>

#include "toml_reader.h"

struct toml_reader_document {
    toml::table table;
    std::vector<toml_reader_event> events;
};

namespace {

toml_reader_event event(toml_reader_kind kind) {
    toml_reader_event made{};
    made.kind = kind;
    return made;
}

// Nesting is bounded before this runs (FormSpec refuses texts nested past its limit, and toml++
// refuses past its own), so the recursion is bounded too.
void walk(const toml::node &node, std::vector<toml_reader_event> &events) {
    if (auto table = node.as_table()) {
        auto made = event(TOML_READER_TABLE);
        made.count = table->size();
        events.push_back(made);
        // std::map order: by key, as TOMLKit listed members.
        for (auto &&[key, value] : *table) {
            auto named = event(TOML_READER_KEY);
            named.text = key.str().data();
            named.length = key.str().size();
            events.push_back(named);
            walk(value, events);
        }
    } else if (auto array = node.as_array()) {
        auto made = event(TOML_READER_ARRAY);
        made.count = array->size();
        events.push_back(made);
        for (auto &&item : *array) walk(item, events);
    } else if (auto text = node.as_string()) {
        auto made = event(TOML_READER_STRING);
        made.text = text->get().data();
        made.length = text->get().size();
        events.push_back(made);
    } else if (auto number = node.as_integer()) {
        auto made = event(TOML_READER_INTEGER);
        made.integer = number->get();
        events.push_back(made);
    } else if (auto number = node.as_floating_point()) {
        auto made = event(TOML_READER_DECIMAL);
        made.decimal = number->get();
        events.push_back(made);
    } else if (auto flag = node.as_boolean()) {
        auto made = event(TOML_READER_BOOL);
        made.integer = flag->get() ? 1 : 0;
        events.push_back(made);
    } else if (auto date = node.as_date()) {
        auto made = event(TOML_READER_DATE);
        made.year = date->get().year;
        made.month = date->get().month;
        made.day = date->get().day;
        events.push_back(made);
    } else if (auto time = node.as_time()) {
        auto made = event(TOML_READER_TIME);
        made.hour = time->get().hour;
        made.minute = time->get().minute;
        made.second = time->get().second;
        events.push_back(made);
    } else if (auto stamp = node.as_date_time()) {
        auto made = event(TOML_READER_DATE_TIME);
        const auto &value = stamp->get();
        made.year = value.date.year;
        made.month = value.date.month;
        made.day = value.date.day;
        made.hour = value.time.hour;
        made.minute = value.time.minute;
        made.second = value.time.second;
        events.push_back(made);
    }
}

}  // namespace

extern "C" toml_reader_document *toml_reader_parse(
    const char *text, size_t length, char *message, size_t capacity, int *line, int *column) {
    auto result = toml::parse(std::string_view(text, length));
    if (!result) {
        const auto &error = result.error();
        if (capacity > 0) {
            auto description = error.description();
            size_t count = description.size() < capacity - 1 ? description.size() : capacity - 1;
            std::memcpy(message, description.data(), count);
            message[count] = 0;
        }
        *line = static_cast<int>(error.source().begin.line);
        *column = static_cast<int>(error.source().begin.column);
        return nullptr;
    }
    auto document = new toml_reader_document{std::move(result).table(), {}};
    walk(document->table, document->events);
    return document;
}

extern "C" size_t toml_reader_event_count(const toml_reader_document *document) {
    return document->events.size();
}

extern "C" const toml_reader_event *toml_reader_events(const toml_reader_document *document) {
    return document->events.data();
}

extern "C" void toml_reader_free(toml_reader_document *document) { delete document; }
