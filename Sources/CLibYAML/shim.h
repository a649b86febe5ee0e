// libyaml, the system's (Debian: libyaml-dev), read event by event by FormSpec's YAML reader.
#include <yaml.h>
