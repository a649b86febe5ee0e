#ifndef FORMTUI_RESIDENT_PAGES_H
#define FORMTUI_RESIDENT_PAGES_H

// Nothing to call: resident_pages.c runs before main (.preinit_array). This header only names the
// module for SwiftPM.

#endif
