// A brandgen client generated from GET /api/v1/openapi.json (openapi-typescript + openapi-fetch),
// run by handlers/openapi_test.go against a live server. tsc type-checks every call below against
// the generated types before it runs; each answer is written to results.json, which the Go test
// checks against the document's response schemas and decodes.
import createClient from "openapi-fetch";
import type { paths } from "./schema.js";
import { writeFileSync } from "node:fs";

const baseUrl = process.env.BRANDGEN_URL!;
const apiKey = process.env.BRANDGEN_KEY!;
const client = createClient<paths>({ baseUrl, headers: { "x-api-key": apiKey } });

type Result = { op: string; method: string; path: string; status: number; contentType: string; rateLimit: string; body: unknown };
const results: Result[] = [];

function record(op: string, method: string, path: string, res: { response: Response; data?: unknown; error?: unknown }): void {
  results.push({
    op, method, path, status: res.response.status, contentType: res.response.headers.get("content-type") ?? "",
    rateLimit: res.response.headers.get("ratelimit-limit") ?? "", body: res.data ?? res.error ?? null,
  });
}

function must<T>(op: string, data: T | undefined): T {
  if (data === undefined) {
    writeFileSync("results.json", JSON.stringify(results));
    throw new Error(`${op}: no data (status ${results[results.length - 1]?.status})`);
  }
  return data;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// posts -> render round trip: the /posts answer's pattern and content are typed for /render.
const post = await client.POST("/api/v1/posts", { body: { prompt: "Five tips for faster Go builds", format: "listicle", theme: "dark" } });
record("createPost", "post", "/api/v1/posts", post);
const p = must("createPost", post.data);
const rendered = await client.POST("/api/v1/render", { body: { format: p.pattern, content: p.content, size: "square", style: "flat" } });
record("render", "post", "/api/v1/render", rendered);

// chart
const chart = await client.POST("/api/v1/chart", {
  body: { chartType: "bar", title: "Weekly signups", series: [{ label: "Mon", value: 120 }, { label: "Tue", value: 150 }, { label: "Wed", value: 90 }] },
});
record("renderChart", "post", "/api/v1/chart", chart);
const c = must("renderChart", chart.data);

// a validation error comes back as the typed error envelope
const bad = await client.POST("/api/v1/chart", { body: { chartType: "bar", series: [{ label: "only one", value: 1 }], size: "portrait" } });
record("renderChartInvalid", "post", "/api/v1/chart", bad);

// diagrams: create, JSON re-render, PNG bytes, rename, restyle
const created = await client.POST("/api/v1/diagrams", { body: { prompt: "User signs up, confirms email, then lands on the dashboard", type: "flowchart" } });
record("createDiagram", "post", "/api/v1/diagrams", created);
const d = must("createDiagram", created.data);
const got = await client.GET("/api/v1/diagrams/{id}", { params: { path: { id: d.id }, query: { theme: "dark" } } });
record("getDiagram", "get", "/api/v1/diagrams/{id}", got);
const png = await client.GET("/api/v1/diagrams/{id}", { params: { path: { id: d.id }, query: { format: "png" } }, parseAs: "arrayBuffer" });
results.push({ op: "getDiagramPNG", method: "get", path: "/api/v1/diagrams/{id}", status: png.response.status,
  contentType: png.response.headers.get("content-type") ?? "", rateLimit: png.response.headers.get("ratelimit-limit") ?? "",
  body: png.data ? Buffer.from(png.data as ArrayBuffer).toString("base64") : null });
const renamed = await client.PATCH("/api/v1/diagrams/{id}", { params: { path: { id: d.id } }, body: { title: "Signup flow" } });
record("renameDiagram", "patch", "/api/v1/diagrams/{id}", renamed);
const restyled = await client.POST("/api/v1/diagrams/{id}/refine", { params: { path: { id: d.id } }, body: { theme: "dark", size: "square" } });
record("refineDiagram", "post", "/api/v1/diagrams/{id}/refine", restyled);

// carousel and its free re-render from the editable slides
const carousel = await client.POST("/api/v1/carousel", { body: { prompt: "Three habits of fast code reviews", size: "square" } });
record("createCarousel", "post", "/api/v1/carousel", carousel);
const k = must("createCarousel", carousel.data);
const rerendered = await client.POST("/api/v1/carousel/render", { body: { slides: k.content.slides, theme: "dark" } });
record("renderCarousel", "post", "/api/v1/carousel/render", rerendered);

// animate (async with the job queue) and poll the job
const anim = await client.POST("/api/v1/animate", { body: { format: "chart", content: c.content, anim: "build", speed: "fast" } });
record("animate", "post", "/api/v1/animate", anim);
const a = must("animate", anim.data);
if ("jobId" in a) {
  for (let i = 0; i < 240; i++) {
    const job = await client.GET("/api/v1/jobs/{id}", { params: { path: { id: a.jobId } } });
    const j = must("getJob", job.data);
    if (j.status === "done" || j.status === "failed") {
      record("getJob", "get", "/api/v1/jobs/{id}", job);
      break;
    }
    await sleep(500);
  }
}

// batch and its poll
const batch = await client.POST("/api/v1/batch", {
  body: { format: "chart", base: { chartType: "bar", title: "Signups" }, items: [{ series: [{ label: "a", value: 1 }, { label: "b", value: 2 }] }, { title: "Churn", series: [{ label: "a", value: 3 }, { label: "b", value: 1 }] }] },
});
record("createBatch", "post", "/api/v1/batch", batch);
const b = must("createBatch", batch.data);
for (let i = 0; i < 240; i++) {
  const st = await client.GET("/api/v1/jobs/batch/{batchId}", { params: { path: { batchId: b.batchId } } });
  const s = must("getBatch", st.data);
  if (s.status === "done") {
    record("getBatch", "get", "/api/v1/jobs/batch/{batchId}", st);
    break;
  }
  await sleep(500);
}

// reads
record("listPatterns", "get", "/api/v1/schemas", await client.GET("/api/v1/schemas"));
record("getUsage", "get", "/api/v1/usage", await client.GET("/api/v1/usage"));
record("getSettings", "get", "/api/v1/settings", await client.GET("/api/v1/settings"));

writeFileSync("results.json", JSON.stringify(results));
console.log(`${results.length} calls`);
