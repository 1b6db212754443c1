// @ts-nocheck
/* eslint-disable */
// Made by `npm run generate:validators` (scripts/feedValidatorsSource.ts) from src/publish/openDataSchemas.ts. Do not edit.
import * as runtime0 from "ajv-formats/dist/formats";
import * as runtime1 from "ajv/dist/runtime/ucs2length";

export const validate = validate10;
export default validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"alerts.schema.json","title":"Alerts (API v1)","description":"The editors' alerts and those of the checks, newest first: /api/v1/alerts.json.","type":"object","required":["version","generatedAt","alerts"],"properties":{"version":{"type":"integer","enum":[1],"description":"The format of this document; a new version gets a new path."},"generatedAt":{"type":"string","format":"date-time","description":"When the site was built."},"alerts":{"type":"array","items":{"type":"object","required":["id","server","type","message","ip","location","timestamp"],"additionalProperties":true,"properties":{"id":{"type":"string","minLength":1,"maxLength":200,"pattern":"^\\S+$","description":"A unique key with no spaces, e.g. alert-1.","x-expected":"a unique text without spaces"},"server":{"type":"string","minLength":1,"maxLength":32767,"description":"The name of a server in servers.json, e.g. AP-East-1.","x-expected":"the name of a server in servers.json"},"type":{"type":"string","enum":["error","warning","info"],"description":"error, warning or info.","x-expected":"error, warning or info"},"message":{"type":"string","minLength":1,"maxLength":32767,"description":"What happened, e.g. Server offline: connection timeout.","x-expected":"a non-empty text"},"ip":{"type":"string","anyOf":[{"format":"ipv4"},{"format":"ipv6"}],"description":"IPv4 or IPv6 address of the server.","x-expected":"an IPv4 or IPv6 address such as 192.0.2.10"},"location":{"type":"string","minLength":1,"maxLength":32767,"description":"'city, region' of the server.","x-expected":"a non-empty text such as Dublin, Ireland"},"timestamp":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2}(:[0-9]{2})? UTC|T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2}))$","description":"When it happened: a date and time in UTC, e.g. 2026-11-23 10:37 UTC (or ISO 8601, e.g. 2026-11-23T10:37:00Z). Alerts are listed newest first; pages show the time in the reader's local time.","x-expected":"a date and time such as 2026-11-23 10:37 UTC"}}}}}};
const formats0 = runtime0.fullFormats["date-time"];
const formats2 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const formats4 = /^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$/i;
const func2 = runtime1.default;
const pattern0 = new RegExp("^\\S+$", "u");
const pattern1 = new RegExp("^[0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2}(:[0-9]{2})? UTC|T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2}))$", "u");

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="alerts.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.version === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.generatedAt === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "generatedAt"},message:"must have required property '"+"generatedAt"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.alerts === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "alerts"},message:"must have required property '"+"alerts"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.version !== undefined){
let data0 = data.version;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err3 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!(data0 === 1)){
const err4 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/enum",keyword:"enum",params:{allowedValues: schema11.properties.version.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.generatedAt !== undefined){
let data1 = data.generatedAt;
if(typeof data1 === "string"){
if(!(formats0.validate(data1))){
const err5 = {instancePath:instancePath+"/generatedAt",schemaPath:"#/properties/generatedAt/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/generatedAt",schemaPath:"#/properties/generatedAt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.alerts !== undefined){
let data2 = data.alerts;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.id === undefined){
const err7 = {instancePath:instancePath+"/alerts/" + i0,schemaPath:"#/properties/alerts/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data3.server === undefined){
const err8 = {instancePath:instancePath+"/alerts/" + i0,schemaPath:"#/properties/alerts/items/required",keyword:"required",params:{missingProperty: "server"},message:"must have required property '"+"server"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data3.type === undefined){
const err9 = {instancePath:instancePath+"/alerts/" + i0,schemaPath:"#/properties/alerts/items/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data3.message === undefined){
const err10 = {instancePath:instancePath+"/alerts/" + i0,schemaPath:"#/properties/alerts/items/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data3.ip === undefined){
const err11 = {instancePath:instancePath+"/alerts/" + i0,schemaPath:"#/properties/alerts/items/required",keyword:"required",params:{missingProperty: "ip"},message:"must have required property '"+"ip"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data3.location === undefined){
const err12 = {instancePath:instancePath+"/alerts/" + i0,schemaPath:"#/properties/alerts/items/required",keyword:"required",params:{missingProperty: "location"},message:"must have required property '"+"location"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data3.timestamp === undefined){
const err13 = {instancePath:instancePath+"/alerts/" + i0,schemaPath:"#/properties/alerts/items/required",keyword:"required",params:{missingProperty: "timestamp"},message:"must have required property '"+"timestamp"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data3.id !== undefined){
let data4 = data3.id;
if(typeof data4 === "string"){
if(func2(data4) > 200){
const err14 = {instancePath:instancePath+"/alerts/" + i0+"/id",schemaPath:"#/properties/alerts/items/properties/id/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(func2(data4) < 1){
const err15 = {instancePath:instancePath+"/alerts/" + i0+"/id",schemaPath:"#/properties/alerts/items/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(!pattern0.test(data4)){
const err16 = {instancePath:instancePath+"/alerts/" + i0+"/id",schemaPath:"#/properties/alerts/items/properties/id/pattern",keyword:"pattern",params:{pattern: "^\\S+$"},message:"must match pattern \""+"^\\S+$"+"\""};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/alerts/" + i0+"/id",schemaPath:"#/properties/alerts/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data3.server !== undefined){
let data5 = data3.server;
if(typeof data5 === "string"){
if(func2(data5) > 32767){
const err18 = {instancePath:instancePath+"/alerts/" + i0+"/server",schemaPath:"#/properties/alerts/items/properties/server/maxLength",keyword:"maxLength",params:{limit: 32767},message:"must NOT have more than 32767 characters"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(func2(data5) < 1){
const err19 = {instancePath:instancePath+"/alerts/" + i0+"/server",schemaPath:"#/properties/alerts/items/properties/server/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/alerts/" + i0+"/server",schemaPath:"#/properties/alerts/items/properties/server/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data3.type !== undefined){
let data6 = data3.type;
if(typeof data6 !== "string"){
const err21 = {instancePath:instancePath+"/alerts/" + i0+"/type",schemaPath:"#/properties/alerts/items/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(!(((data6 === "error") || (data6 === "warning")) || (data6 === "info"))){
const err22 = {instancePath:instancePath+"/alerts/" + i0+"/type",schemaPath:"#/properties/alerts/items/properties/type/enum",keyword:"enum",params:{allowedValues: schema11.properties.alerts.items.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data3.message !== undefined){
let data7 = data3.message;
if(typeof data7 === "string"){
if(func2(data7) > 32767){
const err23 = {instancePath:instancePath+"/alerts/" + i0+"/message",schemaPath:"#/properties/alerts/items/properties/message/maxLength",keyword:"maxLength",params:{limit: 32767},message:"must NOT have more than 32767 characters"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(func2(data7) < 1){
const err24 = {instancePath:instancePath+"/alerts/" + i0+"/message",schemaPath:"#/properties/alerts/items/properties/message/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/alerts/" + i0+"/message",schemaPath:"#/properties/alerts/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data3.ip !== undefined){
let data8 = data3.ip;
if(typeof data8 !== "string"){
const err26 = {instancePath:instancePath+"/alerts/" + i0+"/ip",schemaPath:"#/properties/alerts/items/properties/ip/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
const _errs24 = errors;
let valid4 = false;
const _errs25 = errors;
if(typeof data8 === "string"){
if(!(formats2.test(data8))){
const err27 = {instancePath:instancePath+"/alerts/" + i0+"/ip",schemaPath:"#/properties/alerts/items/properties/ip/anyOf/0/format",keyword:"format",params:{format: "ipv4"},message:"must match format \""+"ipv4"+"\""};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
var _valid0 = _errs25 === errors;
valid4 = valid4 || _valid0;
if(!valid4){
const _errs26 = errors;
if(typeof data8 === "string"){
if(!(formats4.test(data8))){
const err28 = {instancePath:instancePath+"/alerts/" + i0+"/ip",schemaPath:"#/properties/alerts/items/properties/ip/anyOf/1/format",keyword:"format",params:{format: "ipv6"},message:"must match format \""+"ipv6"+"\""};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
var _valid0 = _errs26 === errors;
valid4 = valid4 || _valid0;
}
if(!valid4){
const err29 = {instancePath:instancePath+"/alerts/" + i0+"/ip",schemaPath:"#/properties/alerts/items/properties/ip/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
else {
errors = _errs24;
if(vErrors !== null){
if(_errs24){
vErrors.length = _errs24;
}
else {
vErrors = null;
}
}
}
}
if(data3.location !== undefined){
let data9 = data3.location;
if(typeof data9 === "string"){
if(func2(data9) > 32767){
const err30 = {instancePath:instancePath+"/alerts/" + i0+"/location",schemaPath:"#/properties/alerts/items/properties/location/maxLength",keyword:"maxLength",params:{limit: 32767},message:"must NOT have more than 32767 characters"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(func2(data9) < 1){
const err31 = {instancePath:instancePath+"/alerts/" + i0+"/location",schemaPath:"#/properties/alerts/items/properties/location/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/alerts/" + i0+"/location",schemaPath:"#/properties/alerts/items/properties/location/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data3.timestamp !== undefined){
let data10 = data3.timestamp;
if(typeof data10 === "string"){
if(!pattern1.test(data10)){
const err33 = {instancePath:instancePath+"/alerts/" + i0+"/timestamp",schemaPath:"#/properties/alerts/items/properties/timestamp/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2}(:[0-9]{2})? UTC|T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2}))$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2}(:[0-9]{2})? UTC|T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2}))$"+"\""};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/alerts/" + i0+"/timestamp",schemaPath:"#/properties/alerts/items/properties/timestamp/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath:instancePath+"/alerts/" + i0,schemaPath:"#/properties/alerts/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/alerts",schemaPath:"#/properties/alerts/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
else {
const err37 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

// The schema itself, for turning errors into words (schemaErrors.ts).
export const schema = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"alerts.schema.json","title":"Alerts (API v1)","description":"The editors' alerts and those of the checks, newest first: /api/v1/alerts.json.","type":"object","required":["version","generatedAt","alerts"],"properties":{"version":{"type":"integer","enum":[1],"description":"The format of this document; a new version gets a new path."},"generatedAt":{"type":"string","format":"date-time","description":"When the site was built."},"alerts":{"type":"array","items":{"type":"object","required":["id","server","type","message","ip","location","timestamp"],"additionalProperties":true,"properties":{"id":{"type":"string","minLength":1,"maxLength":200,"pattern":"^\\S+$","description":"A unique key with no spaces, e.g. alert-1.","x-expected":"a unique text without spaces"},"server":{"type":"string","minLength":1,"maxLength":32767,"description":"The name of a server in servers.json, e.g. AP-East-1.","x-expected":"the name of a server in servers.json"},"type":{"type":"string","enum":["error","warning","info"],"description":"error, warning or info.","x-expected":"error, warning or info"},"message":{"type":"string","minLength":1,"maxLength":32767,"description":"What happened, e.g. Server offline: connection timeout.","x-expected":"a non-empty text"},"ip":{"type":"string","anyOf":[{"format":"ipv4"},{"format":"ipv6"}],"description":"IPv4 or IPv6 address of the server.","x-expected":"an IPv4 or IPv6 address such as 192.0.2.10"},"location":{"type":"string","minLength":1,"maxLength":32767,"description":"'city, region' of the server.","x-expected":"a non-empty text such as Dublin, Ireland"},"timestamp":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2}(:[0-9]{2})? UTC|T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?(Z|[+-][0-9]{2}:[0-9]{2}))$","description":"When it happened: a date and time in UTC, e.g. 2026-11-23 10:37 UTC (or ISO 8601, e.g. 2026-11-23T10:37:00Z). Alerts are listed newest first; pages show the time in the reader's local time.","x-expected":"a date and time such as 2026-11-23 10:37 UTC"}}}}}};
