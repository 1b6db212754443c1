// @ts-nocheck
/* eslint-disable */
// Made by `npm run generate:validators` (scripts/feedValidatorsSource.ts) from src/publish/openDataSchemas.ts. Do not edit.
import * as runtime0 from "ajv/dist/runtime/ucs2length";
import * as runtime1 from "ajv-formats/dist/formats";

export const validate = validate10;
export default validate10;
const schema11 = {"type":"array","items":{"type":"object","required":["id","name","ip","location","status","uptime","responseTime","lastChecked","coordinates","source"],"properties":{"id":{"type":"string","minLength":1,"maxLength":200,"pattern":"^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$","description":"A unique key, e.g. srv-us-east-1: letters, digits, dots, dashes, underscores and tildes, not starting with a dot, as it also names the server's page (/servers/<id>), badge (/badges/<id>.svg) and history file.","x-expected":"a unique key of letters, digits, '.', '-', '_' or '~' (no spaces), not starting with a dot, such as srv-us-east-1"},"name":{"type":"string","minLength":1,"maxLength":32767,"description":"The name operators know the server by, e.g. US-East-1. Unique.","x-expected":"a unique, non-empty text"},"ip":{"type":"string","anyOf":[{"format":"ipv4"},{"format":"ipv6"}],"description":"IPv4 or IPv6 address, e.g. 192.0.2.10.","x-expected":"an IPv4 or IPv6 address such as 192.0.2.10"},"location":{"type":"string","maxLength":32767,"pattern":"^[^,]*\\S[^,]*,[^,]*\\S[^,]*$","description":"'city, region', e.g. Dublin, Ireland. The region counts towards 'Across N regions'.","x-expected":"'city, region' with one comma, such as Dublin, Ireland"},"status":{"type":"string","minLength":1,"maxLength":200,"examples":["online","offline","warning"],"description":"online, offline or warning. Any other value is shown in a neutral colour (with a build warning).","x-expected":"online, offline or warning"},"uptime":{"type":"string","pattern":"^(100(\\.0+)?|[0-9]{1,2}(\\.[0-9]+)?)%$","description":"A percent text from 0% to 100%, e.g. 99.9%.","x-expected":"a percent from 0% to 100%, such as 99.9%"},"responseTime":{"type":["number","null"],"minimum":0,"maximum":600000,"description":"Last response time in milliseconds; null for a server that did not answer (an offline server): no answer is not zero.","x-expected":"a number of milliseconds, 0 or more, or null"},"lastChecked":{"type":"string","format":"date-time","description":"When the figures were taken: an ISO 8601 date and time with its zone, e.g. 2026-11-23T10:42:15Z. Pages show it in the reader's local time.","x-expected":"a date and time with its zone, such as 2026-11-23T10:42:15Z"},"coordinates":{"type":"array","minItems":2,"maxItems":2,"items":[{"type":"number","minimum":-180,"maximum":180,"description":"Longitude, -180 to 180.","x-expected":"a longitude from -180 to 180"},{"type":"number","minimum":-90,"maximum":90,"description":"Latitude, -90 to 90.","x-expected":"a latitude from -90 to 90"}],"description":"[longitude, latitude] of the server's city, e.g. [-6.2603, 53.3498] for Dublin.","x-expected":"[longitude, latitude], two numbers"},"source":{"type":"string","enum":["measured","simulated","sample"],"description":"measured by a check, simulated in the browser, or a sample","x-expected":"measured, simulated, sample"},"detail":{"type":["string","null"],"maxLength":500,"description":"what the last check saw","x-expected":"a text, or null"},"certificateExpires":{"type":"string","format":"date-time","description":"When the certificate the check judges expires (an https check with certificate, or a tls check), as the last check saw it. Absent otherwise.","x-expected":"an ISO 8601 date and time, or nothing"},"unreachableBecause":{"type":"object","required":["id","name"],"additionalProperties":false,"properties":{"id":{"type":"string","minLength":1},"name":{"type":"string"}},"description":"Offline behind a server it depends on (servers.json's dependsOn) that is down too: that server, the root cause. Absent otherwise.","x-expected":"{ id, name }, or nothing"},"placeTimes":{"type":"array","description":"Checks from several places: each place's milliseconds in the newest run, by place name (ms null: no answer from there). Absent from one place.","items":{"type":"object","required":["location","ms"],"additionalProperties":false,"properties":{"location":{"type":"string","minLength":1},"ms":{"type":["integer","null"],"minimum":0}}},"x-expected":"a list of { location, ms }, or nothing"},"uptimeChecks":{"type":["object","null"],"required":["up","total","since"],"properties":{"up":{"type":"integer","minimum":0,"description":"checks that found the server up"},"total":{"type":"integer","minimum":0,"description":"all checks the uptime counts (the last 30 days, those made in maintenance left out; 0 when every one was)"},"since":{"type":["string","null"],"format":"date-time","description":"when the first of them ran; null when not known"}},"description":"What a measured uptime counts: up of total checks since a time (pages say it when that is under a day); null for simulated and sample figures. Optional: a feed of an older site leaves it out.","x-expected":"{ up, total, since } or null"}}}};
const func2 = runtime0.default;
const pattern0 = new RegExp("^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$", "u");
const pattern1 = new RegExp("^[^,]*\\S[^,]*,[^,]*\\S[^,]*$", "u");
const pattern2 = new RegExp("^(100(\\.0+)?|[0-9]{1,2}(\\.[0-9]+)?)%$", "u");
const formats0 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const formats2 = /^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$/i;
const formats4 = runtime1.fullFormats["date-time"];

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(Array.isArray(data)){
const len0 = data.length;
for(let i0=0; i0<len0; i0++){
let data0 = data[i0];
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
if(data0.id === undefined){
const err0 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data0.name === undefined){
const err1 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data0.ip === undefined){
const err2 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/required",keyword:"required",params:{missingProperty: "ip"},message:"must have required property '"+"ip"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data0.location === undefined){
const err3 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/required",keyword:"required",params:{missingProperty: "location"},message:"must have required property '"+"location"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data0.status === undefined){
const err4 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data0.uptime === undefined){
const err5 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/required",keyword:"required",params:{missingProperty: "uptime"},message:"must have required property '"+"uptime"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data0.responseTime === undefined){
const err6 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/required",keyword:"required",params:{missingProperty: "responseTime"},message:"must have required property '"+"responseTime"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data0.lastChecked === undefined){
const err7 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/required",keyword:"required",params:{missingProperty: "lastChecked"},message:"must have required property '"+"lastChecked"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data0.coordinates === undefined){
const err8 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/required",keyword:"required",params:{missingProperty: "coordinates"},message:"must have required property '"+"coordinates"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data0.source === undefined){
const err9 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/required",keyword:"required",params:{missingProperty: "source"},message:"must have required property '"+"source"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data0.id !== undefined){
let data1 = data0.id;
if(typeof data1 === "string"){
if(func2(data1) > 200){
const err10 = {instancePath:instancePath+"/" + i0+"/id",schemaPath:"#/items/properties/id/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(func2(data1) < 1){
const err11 = {instancePath:instancePath+"/" + i0+"/id",schemaPath:"#/items/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(!pattern0.test(data1)){
const err12 = {instancePath:instancePath+"/" + i0+"/id",schemaPath:"#/items/properties/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$"},message:"must match pattern \""+"^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$"+"\""};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/" + i0+"/id",schemaPath:"#/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data0.name !== undefined){
let data2 = data0.name;
if(typeof data2 === "string"){
if(func2(data2) > 32767){
const err14 = {instancePath:instancePath+"/" + i0+"/name",schemaPath:"#/items/properties/name/maxLength",keyword:"maxLength",params:{limit: 32767},message:"must NOT have more than 32767 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(func2(data2) < 1){
const err15 = {instancePath:instancePath+"/" + i0+"/name",schemaPath:"#/items/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/" + i0+"/name",schemaPath:"#/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data0.ip !== undefined){
let data3 = data0.ip;
if(typeof data3 !== "string"){
const err17 = {instancePath:instancePath+"/" + i0+"/ip",schemaPath:"#/items/properties/ip/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
const _errs11 = errors;
let valid3 = false;
const _errs12 = errors;
if(typeof data3 === "string"){
if(!(formats0.test(data3))){
const err18 = {instancePath:instancePath+"/" + i0+"/ip",schemaPath:"#/items/properties/ip/anyOf/0/format",keyword:"format",params:{format: "ipv4"},message:"must match format \""+"ipv4"+"\""};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
var _valid0 = _errs12 === errors;
valid3 = valid3 || _valid0;
if(!valid3){
const _errs13 = errors;
if(typeof data3 === "string"){
if(!(formats2.test(data3))){
const err19 = {instancePath:instancePath+"/" + i0+"/ip",schemaPath:"#/items/properties/ip/anyOf/1/format",keyword:"format",params:{format: "ipv6"},message:"must match format \""+"ipv6"+"\""};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
var _valid0 = _errs13 === errors;
valid3 = valid3 || _valid0;
}
if(!valid3){
const err20 = {instancePath:instancePath+"/" + i0+"/ip",schemaPath:"#/items/properties/ip/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
else {
errors = _errs11;
if(vErrors !== null){
if(_errs11){
vErrors.length = _errs11;
}
else {
vErrors = null;
}
}
}
}
if(data0.location !== undefined){
let data4 = data0.location;
if(typeof data4 === "string"){
if(func2(data4) > 32767){
const err21 = {instancePath:instancePath+"/" + i0+"/location",schemaPath:"#/items/properties/location/maxLength",keyword:"maxLength",params:{limit: 32767},message:"must NOT have more than 32767 characters"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(!pattern1.test(data4)){
const err22 = {instancePath:instancePath+"/" + i0+"/location",schemaPath:"#/items/properties/location/pattern",keyword:"pattern",params:{pattern: "^[^,]*\\S[^,]*,[^,]*\\S[^,]*$"},message:"must match pattern \""+"^[^,]*\\S[^,]*,[^,]*\\S[^,]*$"+"\""};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/" + i0+"/location",schemaPath:"#/items/properties/location/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data0.status !== undefined){
let data5 = data0.status;
if(typeof data5 === "string"){
if(func2(data5) > 200){
const err24 = {instancePath:instancePath+"/" + i0+"/status",schemaPath:"#/items/properties/status/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(func2(data5) < 1){
const err25 = {instancePath:instancePath+"/" + i0+"/status",schemaPath:"#/items/properties/status/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
else {
const err26 = {instancePath:instancePath+"/" + i0+"/status",schemaPath:"#/items/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data0.uptime !== undefined){
let data6 = data0.uptime;
if(typeof data6 === "string"){
if(!pattern2.test(data6)){
const err27 = {instancePath:instancePath+"/" + i0+"/uptime",schemaPath:"#/items/properties/uptime/pattern",keyword:"pattern",params:{pattern: "^(100(\\.0+)?|[0-9]{1,2}(\\.[0-9]+)?)%$"},message:"must match pattern \""+"^(100(\\.0+)?|[0-9]{1,2}(\\.[0-9]+)?)%$"+"\""};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/" + i0+"/uptime",schemaPath:"#/items/properties/uptime/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data0.responseTime !== undefined){
let data7 = data0.responseTime;
if((!((typeof data7 == "number") && (isFinite(data7)))) && (data7 !== null)){
const err29 = {instancePath:instancePath+"/" + i0+"/responseTime",schemaPath:"#/items/properties/responseTime/type",keyword:"type",params:{type: schema11.items.properties.responseTime.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 > 600000 || isNaN(data7)){
const err30 = {instancePath:instancePath+"/" + i0+"/responseTime",schemaPath:"#/items/properties/responseTime/maximum",keyword:"maximum",params:{comparison: "<=", limit: 600000},message:"must be <= 600000"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(data7 < 0 || isNaN(data7)){
const err31 = {instancePath:instancePath+"/" + i0+"/responseTime",schemaPath:"#/items/properties/responseTime/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
if(data0.lastChecked !== undefined){
let data8 = data0.lastChecked;
if(typeof data8 === "string"){
if(!(formats4.validate(data8))){
const err32 = {instancePath:instancePath+"/" + i0+"/lastChecked",schemaPath:"#/items/properties/lastChecked/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
else {
const err33 = {instancePath:instancePath+"/" + i0+"/lastChecked",schemaPath:"#/items/properties/lastChecked/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data0.coordinates !== undefined){
let data9 = data0.coordinates;
if(Array.isArray(data9)){
if(data9.length > 2){
const err34 = {instancePath:instancePath+"/" + i0+"/coordinates",schemaPath:"#/items/properties/coordinates/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(data9.length < 2){
const err35 = {instancePath:instancePath+"/" + i0+"/coordinates",schemaPath:"#/items/properties/coordinates/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
const len1 = data9.length;
if(len1 > 0){
let data10 = data9[0];
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 > 180 || isNaN(data10)){
const err36 = {instancePath:instancePath+"/" + i0+"/coordinates/0",schemaPath:"#/items/properties/coordinates/items/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 180},message:"must be <= 180"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(data10 < -180 || isNaN(data10)){
const err37 = {instancePath:instancePath+"/" + i0+"/coordinates/0",schemaPath:"#/items/properties/coordinates/items/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: -180},message:"must be >= -180"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/" + i0+"/coordinates/0",schemaPath:"#/items/properties/coordinates/items/0/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(len1 > 1){
let data11 = data9[1];
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 > 90 || isNaN(data11)){
const err39 = {instancePath:instancePath+"/" + i0+"/coordinates/1",schemaPath:"#/items/properties/coordinates/items/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 90},message:"must be <= 90"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(data11 < -90 || isNaN(data11)){
const err40 = {instancePath:instancePath+"/" + i0+"/coordinates/1",schemaPath:"#/items/properties/coordinates/items/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: -90},message:"must be >= -90"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/" + i0+"/coordinates/1",schemaPath:"#/items/properties/coordinates/items/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
else {
const err42 = {instancePath:instancePath+"/" + i0+"/coordinates",schemaPath:"#/items/properties/coordinates/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data0.source !== undefined){
let data12 = data0.source;
if(typeof data12 !== "string"){
const err43 = {instancePath:instancePath+"/" + i0+"/source",schemaPath:"#/items/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(!(((data12 === "measured") || (data12 === "simulated")) || (data12 === "sample"))){
const err44 = {instancePath:instancePath+"/" + i0+"/source",schemaPath:"#/items/properties/source/enum",keyword:"enum",params:{allowedValues: schema11.items.properties.source.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data0.detail !== undefined){
let data13 = data0.detail;
if((typeof data13 !== "string") && (data13 !== null)){
const err45 = {instancePath:instancePath+"/" + i0+"/detail",schemaPath:"#/items/properties/detail/type",keyword:"type",params:{type: schema11.items.properties.detail.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(typeof data13 === "string"){
if(func2(data13) > 500){
const err46 = {instancePath:instancePath+"/" + i0+"/detail",schemaPath:"#/items/properties/detail/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
if(data0.certificateExpires !== undefined){
let data14 = data0.certificateExpires;
if(typeof data14 === "string"){
if(!(formats4.validate(data14))){
const err47 = {instancePath:instancePath+"/" + i0+"/certificateExpires",schemaPath:"#/items/properties/certificateExpires/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
else {
const err48 = {instancePath:instancePath+"/" + i0+"/certificateExpires",schemaPath:"#/items/properties/certificateExpires/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data0.unreachableBecause !== undefined){
let data15 = data0.unreachableBecause;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.id === undefined){
const err49 = {instancePath:instancePath+"/" + i0+"/unreachableBecause",schemaPath:"#/items/properties/unreachableBecause/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if(data15.name === undefined){
const err50 = {instancePath:instancePath+"/" + i0+"/unreachableBecause",schemaPath:"#/items/properties/unreachableBecause/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
for(const key0 in data15){
if(!((key0 === "id") || (key0 === "name"))){
const err51 = {instancePath:instancePath+"/" + i0+"/unreachableBecause",schemaPath:"#/items/properties/unreachableBecause/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data15.id !== undefined){
let data16 = data15.id;
if(typeof data16 === "string"){
if(func2(data16) < 1){
const err52 = {instancePath:instancePath+"/" + i0+"/unreachableBecause/id",schemaPath:"#/items/properties/unreachableBecause/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
else {
const err53 = {instancePath:instancePath+"/" + i0+"/unreachableBecause/id",schemaPath:"#/items/properties/unreachableBecause/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data15.name !== undefined){
if(typeof data15.name !== "string"){
const err54 = {instancePath:instancePath+"/" + i0+"/unreachableBecause/name",schemaPath:"#/items/properties/unreachableBecause/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
}
else {
const err55 = {instancePath:instancePath+"/" + i0+"/unreachableBecause",schemaPath:"#/items/properties/unreachableBecause/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data0.placeTimes !== undefined){
let data18 = data0.placeTimes;
if(Array.isArray(data18)){
const len2 = data18.length;
for(let i1=0; i1<len2; i1++){
let data19 = data18[i1];
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
if(data19.location === undefined){
const err56 = {instancePath:instancePath+"/" + i0+"/placeTimes/" + i1,schemaPath:"#/items/properties/placeTimes/items/required",keyword:"required",params:{missingProperty: "location"},message:"must have required property '"+"location"+"'"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
if(data19.ms === undefined){
const err57 = {instancePath:instancePath+"/" + i0+"/placeTimes/" + i1,schemaPath:"#/items/properties/placeTimes/items/required",keyword:"required",params:{missingProperty: "ms"},message:"must have required property '"+"ms"+"'"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
for(const key1 in data19){
if(!((key1 === "location") || (key1 === "ms"))){
const err58 = {instancePath:instancePath+"/" + i0+"/placeTimes/" + i1,schemaPath:"#/items/properties/placeTimes/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data19.location !== undefined){
let data20 = data19.location;
if(typeof data20 === "string"){
if(func2(data20) < 1){
const err59 = {instancePath:instancePath+"/" + i0+"/placeTimes/" + i1+"/location",schemaPath:"#/items/properties/placeTimes/items/properties/location/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
else {
const err60 = {instancePath:instancePath+"/" + i0+"/placeTimes/" + i1+"/location",schemaPath:"#/items/properties/placeTimes/items/properties/location/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data19.ms !== undefined){
let data21 = data19.ms;
if((!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))) && (data21 !== null)){
const err61 = {instancePath:instancePath+"/" + i0+"/placeTimes/" + i1+"/ms",schemaPath:"#/items/properties/placeTimes/items/properties/ms/type",keyword:"type",params:{type: schema11.items.properties.placeTimes.items.properties.ms.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 0 || isNaN(data21)){
const err62 = {instancePath:instancePath+"/" + i0+"/placeTimes/" + i1+"/ms",schemaPath:"#/items/properties/placeTimes/items/properties/ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
}
}
else {
const err63 = {instancePath:instancePath+"/" + i0+"/placeTimes/" + i1,schemaPath:"#/items/properties/placeTimes/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
}
else {
const err64 = {instancePath:instancePath+"/" + i0+"/placeTimes",schemaPath:"#/items/properties/placeTimes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data0.uptimeChecks !== undefined){
let data22 = data0.uptimeChecks;
if((!(data22 && typeof data22 == "object" && !Array.isArray(data22))) && (data22 !== null)){
const err65 = {instancePath:instancePath+"/" + i0+"/uptimeChecks",schemaPath:"#/items/properties/uptimeChecks/type",keyword:"type",params:{type: schema11.items.properties.uptimeChecks.type},message:"must be object,null"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
if(data22.up === undefined){
const err66 = {instancePath:instancePath+"/" + i0+"/uptimeChecks",schemaPath:"#/items/properties/uptimeChecks/required",keyword:"required",params:{missingProperty: "up"},message:"must have required property '"+"up"+"'"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
if(data22.total === undefined){
const err67 = {instancePath:instancePath+"/" + i0+"/uptimeChecks",schemaPath:"#/items/properties/uptimeChecks/required",keyword:"required",params:{missingProperty: "total"},message:"must have required property '"+"total"+"'"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
if(data22.since === undefined){
const err68 = {instancePath:instancePath+"/" + i0+"/uptimeChecks",schemaPath:"#/items/properties/uptimeChecks/required",keyword:"required",params:{missingProperty: "since"},message:"must have required property '"+"since"+"'"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
if(data22.up !== undefined){
let data23 = data22.up;
if(!(((typeof data23 == "number") && (!(data23 % 1) && !isNaN(data23))) && (isFinite(data23)))){
const err69 = {instancePath:instancePath+"/" + i0+"/uptimeChecks/up",schemaPath:"#/items/properties/uptimeChecks/properties/up/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
if((typeof data23 == "number") && (isFinite(data23))){
if(data23 < 0 || isNaN(data23)){
const err70 = {instancePath:instancePath+"/" + i0+"/uptimeChecks/up",schemaPath:"#/items/properties/uptimeChecks/properties/up/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
}
if(data22.total !== undefined){
let data24 = data22.total;
if(!(((typeof data24 == "number") && (!(data24 % 1) && !isNaN(data24))) && (isFinite(data24)))){
const err71 = {instancePath:instancePath+"/" + i0+"/uptimeChecks/total",schemaPath:"#/items/properties/uptimeChecks/properties/total/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
if((typeof data24 == "number") && (isFinite(data24))){
if(data24 < 0 || isNaN(data24)){
const err72 = {instancePath:instancePath+"/" + i0+"/uptimeChecks/total",schemaPath:"#/items/properties/uptimeChecks/properties/total/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
}
if(data22.since !== undefined){
let data25 = data22.since;
if((typeof data25 !== "string") && (data25 !== null)){
const err73 = {instancePath:instancePath+"/" + i0+"/uptimeChecks/since",schemaPath:"#/items/properties/uptimeChecks/properties/since/type",keyword:"type",params:{type: schema11.items.properties.uptimeChecks.properties.since.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
if(typeof data25 === "string"){
if(!(formats4.validate(data25))){
const err74 = {instancePath:instancePath+"/" + i0+"/uptimeChecks/since",schemaPath:"#/items/properties/uptimeChecks/properties/since/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
}
}
}
}
else {
const err75 = {instancePath:instancePath+"/" + i0,schemaPath:"#/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
}
else {
const err76 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

// The schema itself, for turning errors into words (schemaErrors.ts).
export const schema = {"type":"array","items":{"type":"object","required":["id","name","ip","location","status","uptime","responseTime","lastChecked","coordinates","source"],"properties":{"id":{"type":"string","minLength":1,"maxLength":200,"pattern":"^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$","description":"A unique key, e.g. srv-us-east-1: letters, digits, dots, dashes, underscores and tildes, not starting with a dot, as it also names the server's page (/servers/<id>), badge (/badges/<id>.svg) and history file.","x-expected":"a unique key of letters, digits, '.', '-', '_' or '~' (no spaces), not starting with a dot, such as srv-us-east-1"},"name":{"type":"string","minLength":1,"maxLength":32767,"description":"The name operators know the server by, e.g. US-East-1. Unique.","x-expected":"a unique, non-empty text"},"ip":{"type":"string","anyOf":[{"format":"ipv4"},{"format":"ipv6"}],"description":"IPv4 or IPv6 address, e.g. 192.0.2.10.","x-expected":"an IPv4 or IPv6 address such as 192.0.2.10"},"location":{"type":"string","maxLength":32767,"pattern":"^[^,]*\\S[^,]*,[^,]*\\S[^,]*$","description":"'city, region', e.g. Dublin, Ireland. The region counts towards 'Across N regions'.","x-expected":"'city, region' with one comma, such as Dublin, Ireland"},"status":{"type":"string","minLength":1,"maxLength":200,"examples":["online","offline","warning"],"description":"online, offline or warning. Any other value is shown in a neutral colour (with a build warning).","x-expected":"online, offline or warning"},"uptime":{"type":"string","pattern":"^(100(\\.0+)?|[0-9]{1,2}(\\.[0-9]+)?)%$","description":"A percent text from 0% to 100%, e.g. 99.9%.","x-expected":"a percent from 0% to 100%, such as 99.9%"},"responseTime":{"type":["number","null"],"minimum":0,"maximum":600000,"description":"Last response time in milliseconds; null for a server that did not answer (an offline server): no answer is not zero.","x-expected":"a number of milliseconds, 0 or more, or null"},"lastChecked":{"type":"string","format":"date-time","description":"When the figures were taken: an ISO 8601 date and time with its zone, e.g. 2026-11-23T10:42:15Z. Pages show it in the reader's local time.","x-expected":"a date and time with its zone, such as 2026-11-23T10:42:15Z"},"coordinates":{"type":"array","minItems":2,"maxItems":2,"items":[{"type":"number","minimum":-180,"maximum":180,"description":"Longitude, -180 to 180.","x-expected":"a longitude from -180 to 180"},{"type":"number","minimum":-90,"maximum":90,"description":"Latitude, -90 to 90.","x-expected":"a latitude from -90 to 90"}],"description":"[longitude, latitude] of the server's city, e.g. [-6.2603, 53.3498] for Dublin.","x-expected":"[longitude, latitude], two numbers"},"source":{"type":"string","enum":["measured","simulated","sample"],"description":"measured by a check, simulated in the browser, or a sample","x-expected":"measured, simulated, sample"},"detail":{"type":["string","null"],"maxLength":500,"description":"what the last check saw","x-expected":"a text, or null"},"certificateExpires":{"type":"string","format":"date-time","description":"When the certificate the check judges expires (an https check with certificate, or a tls check), as the last check saw it. Absent otherwise.","x-expected":"an ISO 8601 date and time, or nothing"},"unreachableBecause":{"type":"object","required":["id","name"],"additionalProperties":false,"properties":{"id":{"type":"string","minLength":1},"name":{"type":"string"}},"description":"Offline behind a server it depends on (servers.json's dependsOn) that is down too: that server, the root cause. Absent otherwise.","x-expected":"{ id, name }, or nothing"},"placeTimes":{"type":"array","description":"Checks from several places: each place's milliseconds in the newest run, by place name (ms null: no answer from there). Absent from one place.","items":{"type":"object","required":["location","ms"],"additionalProperties":false,"properties":{"location":{"type":"string","minLength":1},"ms":{"type":["integer","null"],"minimum":0}}},"x-expected":"a list of { location, ms }, or nothing"},"uptimeChecks":{"type":["object","null"],"required":["up","total","since"],"properties":{"up":{"type":"integer","minimum":0,"description":"checks that found the server up"},"total":{"type":"integer","minimum":0,"description":"all checks the uptime counts (the last 30 days, those made in maintenance left out; 0 when every one was)"},"since":{"type":["string","null"],"format":"date-time","description":"when the first of them ran; null when not known"}},"description":"What a measured uptime counts: up of total checks since a time (pages say it when that is under a day); null for simulated and sample figures. Optional: a feed of an older site leaves it out.","x-expected":"{ up, total, since } or null"}}}};
