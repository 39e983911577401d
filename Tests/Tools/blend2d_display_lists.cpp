// Draws display lists that `flipbook bench --export-display-lists DIR` wrote with Blend2D (its
// JIT pipelines, one thread, synchronous), and times it: the Blend2D side of the content
// workload's side by side (Tests/Tools/content_side_by_side.sh). A measuring tool, not part of
// Flipbook's build or tests (no Blend2D code is in this repository). Build as blend2d_bench.cpp's
// header says, with nlohmann's JSON headers (Debian: nlohmann-json3-dev):
//   g++ -O2 -std=c++17 -DBL_STATIC -IDIR/blend2d/blend2d -IDIR/blend2d Tests/Tools/blend2d_display_lists.cpp \
//       DIR/build/libblend2d.a -lpthread -lrt -ldl -o blend2d_display_lists
// Run:
//   blend2d_display_lists FOLDER loops [frame.rgba N]
// Prints frames, wall and CPU seconds and frames/s; with frame.rgba, first writes frame N's
// unpremultiplied RGBA bytes there, for the pixel comparison (Tests/Tools/compare_rgba.py).
//
// What Blend2D cannot draw, and what the driver does instead (so its figure is of less work than
// Flipbook's and Skia's, never more):
// - shadows: Blend2D has no blur; shadows are skipped (the content workload's switch knobs and
//   floating button lose theirs);
// - clips other than axis-aligned rectangles: Blend2D clips to rectangles only; an element under a
//   rounded clip is drawn as the clip's shape filled with the element's paint, which is exact
//   when the clip lies inside the element (the content workload's round photo tile);
// - backdrop materials and groups in perspective: refused (the materials and perspective
//   workloads have no Blend2D figure).
// Glyphs are drawn from their font file through Blend2D's own glyph cache, a run per label.
#include <blend2d.h>
#include <nlohmann/json.hpp>
#include <sys/resource.h>
#include <time.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

using json = nlohmann::json;

static double wall_seconds() {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static double cpu_seconds() {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_utime.tv_usec * 1e-6 + u.ru_stime.tv_sec + u.ru_stime.tv_usec * 1e-6;
}

[[noreturn]] static void fail(const std::string &message) {
    fprintf(stderr, "blend2d_display_lists: %s\n", message.c_str());
    exit(1);
}

// Flipbook's [a, b, c, d, tx, ty] (x' = a·x + c·y + tx, y' = b·x + d·y + ty) is BLMatrix2D's
// (m00, m01, m10, m11, m20, m21) as written.
static BLMatrix2D matrix(const json &t) {
    return BLMatrix2D(t[0].get<double>(), t[1].get<double>(), t[2].get<double>(), t[3].get<double>(),
                      t[4].get<double>(), t[5].get<double>());
}

// p ↦ second(first(p)).
static BLMatrix2D then(const BLMatrix2D &first, const BLMatrix2D &second) {
    BLMatrix2D m = first;
    m.post_transform(second);  // row vectors: p·first·second
    return m;
}

static BLMatrix2D inverse(const BLMatrix2D &m) {
    BLMatrix2D out;
    BLMatrix2D::invert(out, m);
    return out;
}

static BLRgba32 colour(const json &c, double opacity = 1) {
    return BLRgba32(c[0].get<uint32_t>(), c[1].get<uint32_t>(), c[2].get<uint32_t>(),
                    (uint32_t)lround(c[3].get<double>() * opacity));
}

static BLPath path_of(const json &p) {
    BLPath path;
    const std::string verbs = p["verbs"];
    const json &pts = p["points"];
    size_t i = 0;
    auto at = [&](size_t k) { return pts[i + k].get<double>(); };
    for (char verb : verbs) {
        switch (verb) {
        case 'M': path.move_to(at(0), at(1)); i += 2; break;
        case 'L': path.line_to(at(0), at(1)); i += 2; break;
        case 'Q': path.quad_to(at(0), at(1), at(2), at(3)); i += 4; break;
        case 'C': path.cubic_to(at(0), at(1), at(2), at(3), at(4), at(5)); i += 6; break;
        default: path.close();
        }
    }
    return path;
}

// A rounded rectangle, or any other outline as a path, in local units.
struct Shape {
    bool is_round_rect = false;
    BLRoundRect round_rect;
    BLPath path;
    explicit Shape(const json &shape) {
        if (shape.contains("rrect")) {
            const json &r = shape["rrect"];
            double x0 = r[0], y0 = r[1], x1 = r[2], y1 = r[3], radius = r[4];
            is_round_rect = true;
            round_rect = BLRoundRect(x0, y0, x1 - x0, y1 - y0, radius, radius);
        } else {
            path = path_of(shape["path"]);
        }
    }
};

// One prepared drawing operation; a frame is a list of them, built before the timed loop.
struct Op {
    enum Kind { FillShape, FillGlyphs } kind = FillShape;
    BLMatrix2D transform;
    std::shared_ptr<Shape> shape;
    // Paint: a solid colour, or a style (gradient or pattern) in the transform's units.
    bool solid = true;
    BLRgba32 rgba;
    BLVar style;
    double alpha = 1;
    bool has_clip = false;
    BLRect clip;  // in canvas pixels
    // Glyphs: a run of the font at absolute positions.
    BLFont font;
    std::vector<uint32_t> glyphs;
    std::vector<BLPoint> positions;
};

struct Frame {
    int width = 0, height = 0;
    BLRgba32 background;
    std::vector<Op> ops;
};

struct Loader {
    std::string folder;
    std::map<std::string, BLImage> images;
    std::map<std::string, BLFontFace> faces;

    const BLImage &image(const std::string &name) {
        auto found = images.find(name);
        if (found != images.end()) return found->second;
        BLImage img;
        if (img.read_from_file((folder + "/" + name).c_str()) != BL_SUCCESS) fail("cannot read " + name);
        return images[name] = img;
    }

    BLFontFace &face(const std::string &file) {
        auto found = faces.find(file);
        if (found != faces.end()) return found->second;
        BLFontFace f;
        if (f.create_from_file(file.c_str()) != BL_SUCCESS) fail("cannot load the font " + file);
        return faces[file] = f;
    }

    // Sets op's paint from an exported paint, for a shape drawn under `m`.
    void paint(Op &op, const json &paint, const BLMatrix2D &m, double opacity) {
        if (paint.contains("solid")) {
            op.rgba = colour(paint["solid"], opacity);
            return;
        }
        op.solid = false;
        op.alpha = opacity;
        if (paint.contains("linear")) {
            const json &g = paint["linear"];
            BLGradient gradient(BLLinearGradientValues(g["start"][0], g["start"][1], g["end"][0], g["end"][1]));
            for (size_t i = 0; i < g["colors"].size(); i++)
                gradient.add_stop(g["locations"][i].get<double>(), colour(g["colors"][i]));
            gradient.set_transform(then(matrix(g["toPixels"]), inverse(m)));
            op.style = gradient;
        } else {
            const json &i = paint["image"];
            BLPattern pattern(image(i["file"]), BL_EXTEND_MODE_PAD, then(matrix(i["toPixels"]), inverse(m)));
            op.style = pattern;
        }
    }

    // Rectangle clips become one canvas rectangle; a rounded clip replaces the shape (above).
    // Returns false when the clips leave nothing.
    bool clips(Op &op, const json &clips) {
        for (const json &c : clips) {
            const json &t = c["transform"];
            const json &shape = c["shape"];
            bool rect = shape.contains("rrect") && shape["rrect"][4].get<double>() == 0 && t[1].get<double>() == 0 &&
                        t[2].get<double>() == 0;
            if (!rect) {
                BLMatrix2D m = matrix(t);
                if (!op.solid) {
                    // The style was set for op.transform's units; move it to the clip's.
                    BLMatrix2D to_old = then(m, inverse(op.transform));
                    if (op.style.is_gradient()) {
                        BLGradient g = op.style.as<BLGradient>();
                        g.set_transform(then(g.transform(), inverse(to_old)));
                        op.style = g;
                    } else {
                        BLPattern p = op.style.as<BLPattern>();
                        p.set_transform(then(p.transform(), inverse(to_old)));
                        op.style = p;
                    }
                }
                op.shape = std::make_shared<Shape>(shape);
                op.transform = m;
                continue;
            }
            const json &r = shape["rrect"];
            double sx = t[0], sy = t[3], tx = t[4], ty = t[5];
            double x0 = sx * r[0].get<double>() + tx, x1 = sx * r[2].get<double>() + tx;
            double y0 = sy * r[1].get<double>() + ty, y1 = sy * r[3].get<double>() + ty;
            BLRect box(std::min(x0, x1), std::min(y0, y1), fabs(x1 - x0), fabs(y1 - y0));
            if (op.has_clip) {
                double l = std::max(op.clip.x, box.x), tp = std::max(op.clip.y, box.y);
                double rr = std::min(op.clip.x + op.clip.w, box.x + box.w);
                double b = std::min(op.clip.y + op.clip.h, box.y + box.h);
                if (rr <= l || b <= tp) return false;
                box = BLRect(l, tp, rr - l, b - tp);
            }
            op.clip = box;
            op.has_clip = true;
        }
        return true;
    }

    Frame frame(const std::string &file) {
        std::ifstream in(file);
        json data = json::parse(in);
        if (data.contains("groups") && !data["groups"].empty())
            fail(file + ": groups in perspective: Blend2D draws no perspective");
        Frame frame;
        frame.width = data["width"];
        frame.height = data["height"];
        frame.background = colour(data["background"]);
        for (const json &r : data["rects"]) {
            if (r.contains("backdrop")) fail(file + ": a backdrop material: Blend2D has no blur");
            BLMatrix2D m = matrix(r["transform"]);
            double opacity = r["opacity"];
            if (r.contains("paint") || r["fill"][3].get<int>() > 0) {
                Op op;
                op.transform = m;
                op.shape = std::make_shared<Shape>(r["shape"]);
                paint(op, r.contains("paint") ? r["paint"] : json{{"solid", r["fill"]}}, m, opacity);
                if (clips(op, r["clips"])) frame.ops.push_back(op);
            }
            content(frame, r["content"]);
        }
        return frame;
    }

    void content(Frame &frame, const json &content) {
        size_t i = 0;
        while (i < content.size()) {
            const json &p = content[i];
            if (!p.contains("glyph")) {
                Op op;
                op.transform = matrix(p["transform"]);
                op.shape = std::make_shared<Shape>(json{{"path", p["path"]}});
                paint(op, p["paint"], op.transform, p["opacity"]);
                if (clips(op, p["clips"])) frame.ops.push_back(op);
                i++;
                continue;
            }
            // A run: the glyphs that follow with the same font, size, paint and clips.
            size_t j = i;
            auto same = [&](const json &o) {
                if (!o.contains("glyph")) return false;
                for (int k = 0; k < 4; k++)
                    if (o["transform"][k] != p["transform"][k]) return false;
                return o["glyph"]["font"] == p["glyph"]["font"] && o["paint"] == p["paint"] &&
                       o["opacity"] == p["opacity"] && o["clips"] == p["clips"];
            };
            while (j < content.size() && same(content[j])) j++;
            double a = p["transform"][0], d = p["transform"][3];
            if (p["transform"][1].get<double>() != 0 || p["transform"][2].get<double>() != 0 || a != -d)
                fail("a glyph turned or stretched: the driver draws upright text runs only");
            BLFontFace &f = face(p["glyph"]["font"]);
            Op op;
            op.kind = Op::FillGlyphs;
            op.font.create_from_face(f, (float)(a * f.design_metrics().units_per_em));
            op.transform = BLMatrix2D::make_identity();
            paint(op, p["paint"], op.transform, p["opacity"]);
            for (size_t k = i; k < j; k++) {
                op.glyphs.push_back(content[k]["glyph"]["index"].get<uint32_t>());
                op.positions.push_back(BLPoint(content[k]["transform"][4], content[k]["transform"][5]));
            }
            if (clips(op, p["clips"])) frame.ops.push_back(op);
            i = j;
        }
    }
};

static void draw(BLContext &ctx, const Frame &frame) {
    ctx.fill_all(frame.background);
    for (const Op &op : frame.ops) {
        if (op.has_clip) {
            ctx.reset_transform();
            ctx.clip_to_rect(op.clip);
        }
        ctx.set_transform(op.transform);
        if (!op.solid) ctx.set_fill_alpha(op.alpha);
        if (op.kind == Op::FillGlyphs) {
            BLGlyphRun run;
            run.glyph_data = (void *)op.glyphs.data();
            run.placement_data = (void *)op.positions.data();
            run.size = op.glyphs.size();
            run.placement_type = BL_GLYPH_PLACEMENT_TYPE_USER_UNITS;
            run.glyph_advance = sizeof(uint32_t);
            run.placement_advance = sizeof(BLPoint);
            if (op.solid) ctx.fill_glyph_run(BLPoint(0, 0), op.font, run, op.rgba);
            else ctx.fill_glyph_run(BLPoint(0, 0), op.font, run, op.style);
        } else if (op.shape->is_round_rect) {
            if (op.solid) ctx.fill_round_rect(op.shape->round_rect, op.rgba);
            else ctx.fill_round_rect(op.shape->round_rect, op.style);
        } else {
            if (op.solid) ctx.fill_path(op.shape->path, op.rgba);
            else ctx.fill_path(op.shape->path, op.style);
        }
        if (!op.solid) ctx.set_fill_alpha(1);
        if (op.has_clip) ctx.restore_clipping();
    }
}

int main(int argc, char **argv) {
    if (argc != 3 && argc != 5) {
        fprintf(stderr, "usage: %s FOLDER loops [frame.rgba N]\n", argv[0]);
        return 2;
    }
    Loader loader;
    loader.folder = argv[1];
    std::vector<std::string> files;
    if (DIR *dir = opendir(argv[1])) {
        while (dirent *e = readdir(dir)) {
            std::string name = e->d_name;
            if (name.rfind("frame-", 0) == 0 && name.size() > 5 && name.substr(name.size() - 5) == ".json")
                files.push_back(loader.folder + "/" + name);
        }
        closedir(dir);
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) fail(loader.folder + ": no frame-NNNN.json files; write them with flipbook bench --export-display-lists");
    std::vector<Frame> frames;
    for (const std::string &file : files) frames.push_back(loader.frame(file));
    BLImage image(frames[0].width, frames[0].height, BL_FORMAT_PRGB32);
    BLContext ctx(image);
    ctx.set_pattern_quality(BL_PATTERN_QUALITY_BILINEAR);
    if (argc == 5) {
        int n = atoi(argv[4]);
        if (n < 0 || n >= (int)frames.size()) fail("no frame " + std::string(argv[4]));
        draw(ctx, frames[n]);
        ctx.flush(BL_CONTEXT_FLUSH_SYNC);
        BLImageData data;
        image.get_data(&data);
        FILE *out = fopen(argv[3], "wb");
        if (!out) fail(std::string("cannot write ") + argv[3]);
        for (int y = 0; y < data.size.h; y++) {
            const uint32_t *row = (const uint32_t *)((const uint8_t *)data.pixel_data + y * data.stride);
            for (int x = 0; x < data.size.w; x++) {
                uint32_t p = row[x], a = p >> 24;
                auto un = [&](uint32_t c) { return (uint8_t)(a ? (c * 255 + a / 2) / a : 0); };
                uint8_t o[4] = {un((p >> 16) & 255), un((p >> 8) & 255), un(p & 255), (uint8_t)a};
                fwrite(o, 1, 4, out);
            }
        }
        fclose(out);
    }
    const int loops = atoi(argv[2]);
    draw(ctx, frames[0]);  // first glyphs and pipelines, outside the timing as for Flipbook
    ctx.flush(BL_CONTEXT_FLUSH_SYNC);
    double c0 = cpu_seconds(), w0 = wall_seconds();
    for (int l = 0; l < loops; l++)
        for (const Frame &frame : frames) {
            draw(ctx, frame);
            ctx.flush(BL_CONTEXT_FLUSH_SYNC);
        }
    double cpu = cpu_seconds() - c0, wall = wall_seconds() - w0;
    size_t count = (size_t)loops * frames.size();
    const char *slash = strrchr(loader.folder.c_str(), '/');
    printf("blend2d %s frames %zu wall %.4f cpu %.4f fps %.1f cpu-fps %.1f\n", slash ? slash + 1 : loader.folder.c_str(),
           count, wall, cpu, count / wall, count / cpu);
    return 0;
}
