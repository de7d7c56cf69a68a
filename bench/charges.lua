-- wrk script: posting the ten-line dental order billing-bench posts directly, each under a
-- new Idempotency-Key, for patients over the whole practice. Env: TOKEN, PATIENTS,
-- BILL_DATE (yyyy-MM-dd, a day that is past in the practice's time zone).
dofile("bench/headers.lua")
local patients = tonumber(os.getenv("PATIENTS") or "1000")
local day = os.getenv("BILL_DATE")

local lines = {
  { "PC-EXAM", "", "", "null" }, { "PC-XR-BW4", "", "", "null" }, { "PC-XR-PA", "", "", "2" },
  { "PC-CLEAN", "", "", "null" }, { "PC-FILL2", "19", "MO", "null" }, { "PC-FILL1", "30", "O", "null" },
  { "PC-FILL3", "3", "MOD", "null" }, { "PC-SEAL", "", "", "3" }, { "PC-FLUOR", "", "", "null" },
  { "PC-DEEP", "", "", "2" },
}
local charges = {}
for i, line in ipairs(lines) do
  local on = (i % 2 == 1)
  charges[#charges + 1] = string.format(
    '{"procedure":"%s","feeScheduleId":1,"tooth":"%s","surface":"%s","units":%s,"diagnosisModels":' ..
    '[{"code":"K02.52","pointer":"A","toggledOn":%s},{"code":"K05.10","pointer":"B","toggledOn":%s}]}',
    line[1], line[2], line[3], line[4], tostring(on), tostring(not on))
end
local body = string.format('{"providerId":3,"procedureDate":"%s","orderNotes":"Benchmark visit","charges":[%s]}',
  day, table.concat(charges, ","))

local counter = 0
-- Keys must never repeat, across threads and across runs started in the same second (a
-- repeated key with another patient is 422): each thread draws its own random prefix.
local prefix = ""
function init(args)
  local urandom = io.open("/dev/urandom", "rb")
  local bytes = urandom:read(8)
  urandom:close()
  prefix = bytes:gsub(".", function(c) return string.format("%02x", string.byte(c)) end)
  math.randomseed(tonumber(prefix:sub(1, 8), 16))
end

function request()
  counter = counter + 1
  local key = string.format("api-%s-%d", prefix, counter)
  local patient = math.random(1, patients)
  local headers = api_headers()
  headers["content-type"] = "application/json"
  headers["Idempotency-Key"] = key
  return wrk.format("POST", "/api/patients/patient/" .. patient .. "/charge", headers, body)
end

dofile("bench/report.lua")
