// The C API of cpolygonunion.h over Clipper: one Clipper object per call, its exceptions caught
// here (a C caller cannot see them).
#include "cpolygonunion.h"

#include <new>
#include <polyclipping/clipper.hpp>

struct cpu_result {
    ClipperLib::Paths paths;
};

extern "C" cpu_result *cpu_union_nonzero(const int64_t *xy, const int32_t *counts, int32_t contour_count) {
    try {
        ClipperLib::Paths subject(static_cast<size_t>(contour_count));
        size_t at = 0;
        for (int32_t k = 0; k < contour_count; k++) {
            ClipperLib::Path &path = subject[static_cast<size_t>(k)];
            path.reserve(static_cast<size_t>(counts[k]));
            for (int32_t i = 0; i < counts[k]; i++, at += 2) {
                path.push_back(ClipperLib::IntPoint(xy[at], xy[at + 1]));
            }
        }
        ClipperLib::Clipper clipper;
        clipper.AddPaths(subject, ClipperLib::ptSubject, true);
        cpu_result *result = new cpu_result;
        if (!clipper.Execute(ClipperLib::ctUnion, result->paths, ClipperLib::pftNonZero, ClipperLib::pftNonZero)) {
            delete result;
            return nullptr;
        }
        return result;
    } catch (...) {
        return nullptr;
    }
}

extern "C" int32_t cpu_result_contour_count(const cpu_result *result) {
    return static_cast<int32_t>(result->paths.size());
}

extern "C" int64_t cpu_result_point_count(const cpu_result *result) {
    int64_t total = 0;
    for (const ClipperLib::Path &path : result->paths) total += static_cast<int64_t>(path.size());
    return total;
}

extern "C" void cpu_result_copy(const cpu_result *result, int32_t *counts, int64_t *xy) {
    size_t at = 0;
    for (size_t k = 0; k < result->paths.size(); k++) {
        const ClipperLib::Path &path = result->paths[k];
        counts[k] = static_cast<int32_t>(path.size());
        for (const ClipperLib::IntPoint &p : path) {
            xy[at++] = p.X;
            xy[at++] = p.Y;
        }
    }
}

extern "C" void cpu_result_free(cpu_result *result) { delete result; }
