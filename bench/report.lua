-- The summary line every wrk script of bench/ prints (bench/run.sh reads the "api" line).
-- Scripts load it with dofile("bench/report.lua"); wrk runs from the repository root.
function done(summary, latency, requests)
  local ms = function(us) return us / 1000 end
  io.write(string.format("api p50=%.3fms p90=%.3fms p99=%.3fms max=%.3fms rps=%.0f n=%d non2xx=%d errors=%d\n",
    ms(latency:percentile(50)), ms(latency:percentile(90)), ms(latency:percentile(99)), ms(latency.max),
    summary.requests / (summary.duration / 1e6), summary.requests, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
