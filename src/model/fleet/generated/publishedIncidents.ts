// @ts-nocheck
/* eslint-disable */
// Made by `npm run generate:validators` (scripts/feedValidatorsSource.ts) from src/publish/openDataSchemas.ts. Do not edit.
import * as runtime0 from "ajv-formats/dist/formats";
import * as runtime1 from "ajv/dist/runtime/ucs2length";

export const validate = validate10;
export default validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"incidents.schema.json","title":"Incidents and maintenance (API v1)","description":"Every incident of the site with its status, and every maintenance window with its next times: /api/v1/incidents.json. Records follow content/schema/incidents.schema.json and maintenance.schema.json.","type":"object","required":["version","generatedAt","incidents","maintenance"],"properties":{"version":{"type":"integer","enum":[1],"description":"The format of this document; a new version gets a new path."},"generatedAt":{"type":"string","format":"date-time","description":"When the site was built."},"incidents":{"type":"array","items":{"type":"object","required":["id","title","impact","affected","updates","status","open"],"additionalProperties":true,"properties":{"id":{"type":"string","minLength":1,"maxLength":200,"pattern":"^[A-Za-z0-9._~-]+$","description":"A unique key, e.g. 2026-03-02-eu-west-latency: letters, digits, dots, dashes, underscores and tildes.","x-expected":"a unique text of letters, digits, . - _ or ~"},"title":{"type":"string","minLength":1,"maxLength":32767,"description":"What readers see first, e.g. Slow responses from EU-West-1.","x-expected":"a non-empty text"},"impact":{"type":"string","enum":["none","minor","major","critical"],"description":"How much it hurts readers: none, minor, major or critical.","x-expected":"none, minor, major or critical"},"affected":{"type":"array","minItems":1,"uniqueItems":true,"items":{"type":"string","minLength":1,"maxLength":200,"x-expected":"the id of a server in servers.json"},"description":"The ids of the servers it touches (from servers.json), each once.","x-expected":"a list of server ids from servers.json, each once, such as [\"srv-eu-west-1\"]"},"updates":{"type":"array","minItems":1,"description":"What was said and when, oldest first; the last one is the incident's status.","x-expected":"a list of updates, oldest first [ { \"at\": …, \"status\": …, \"message\": … } ]","items":{"type":"object","required":["at","status","message"],"additionalProperties":false,"properties":{"at":{"type":"string","format":"date-time","maxLength":200,"description":"When it was said: a date and time with its zone (ISO 8601), e.g. 2026-03-02T09:14:00Z.","x-expected":"a date and time with its zone such as 2026-03-02T09:14:00Z"},"status":{"type":"string","enum":["investigating","identified","monitoring","resolved"],"description":"investigating, identified, monitoring or resolved.","x-expected":"investigating, identified, monitoring or resolved"},"message":{"type":"string","minLength":1,"maxLength":32767,"description":"What readers are told: plain text, line breaks kept, never HTML.","x-expected":"a non-empty text"}}}},"status":{"type":"string","enum":["investigating","identified","monitoring","resolved"],"description":"the newest update's status"},"open":{"type":"boolean","description":"true until an update says resolved"}}}},"maintenance":{"type":"array","items":{"type":"object","required":["id","title","affected","next"],"additionalProperties":true,"properties":{"id":{"type":"string","minLength":1,"maxLength":200,"pattern":"^[A-Za-z0-9._~-]+$","description":"A unique key, e.g. weekly-db-patching: letters, digits, dots, dashes, underscores and tildes.","x-expected":"a unique text of letters, digits, . - _ or ~"},"title":{"type":"string","minLength":1,"maxLength":32767,"description":"What readers see, e.g. Database patching.","x-expected":"a non-empty text"},"affected":{"type":"array","minItems":1,"uniqueItems":true,"items":{"type":"string","minLength":1,"maxLength":200,"x-expected":"the id of a server in servers.json"},"description":"The ids of the servers under maintenance (from servers.json), each once.","x-expected":"a list of server ids from servers.json, each once, such as [\"srv-eu-west-1\"]"},"message":{"type":"string","minLength":1,"maxLength":32767,"description":"Optional: more for readers, plain text, line breaks kept, never HTML.","x-expected":"a non-empty text"},"start":{"type":"string","format":"date-time","maxLength":200,"description":"One-off window: when it starts, a date and time with its zone (ISO 8601), e.g. 2026-05-10T22:00:00Z.","x-expected":"a date and time with its zone such as 2026-05-10T22:00:00Z"},"end":{"type":"string","format":"date-time","maxLength":200,"description":"One-off window: when it ends (after its start), a date and time with its zone (ISO 8601).","x-expected":"a date and time with its zone such as 2026-05-11T02:00:00Z"},"every":{"type":"string","enum":["day","week","month"],"description":"Recurring window: day, week or month.","x-expected":"day, week or month"},"on":{"enum":["monday","tuesday","wednesday","thursday","friday","saturday","sunday",1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31],"x-graphql":"String","description":"Recurring window: the weekday for every week (monday … sunday), the day of the month for every month (1 to 31; a month without that day has no window); none for every day.","x-expected":"a weekday in lower case (monday … sunday) or a day of the month from 1 to 31"},"at":{"type":"string","pattern":"^([01][0-9]|2[0-3]):[0-5][0-9]$","description":"Recurring window: the local time it starts in its timeZone, HH:MM (24 hours), e.g. 02:00.","x-expected":"a time HH:MM from 00:00 to 23:59"},"durationMinutes":{"type":"integer","minimum":1,"maximum":44640,"description":"Recurring window: how long it lasts, in minutes of real time (a window across a daylight-saving change still lasts this long).","x-expected":"a whole number of minutes from 1 to 44640 (31 days)"},"timeZone":{"type":"string","minLength":1,"maxLength":200,"description":"Recurring window: the IANA time zone its local time is in, e.g. Europe/Berlin or UTC; daylight saving follows the zone.","x-expected":"an IANA time zone such as Europe/Berlin, America/New_York or UTC"},"next":{"type":"array","description":"The window's next times in UTC, in force at the build or to come (within 35 days), at most 5; start included, end excluded.","items":{"type":"object","required":["start","end"],"properties":{"start":{"type":"string","format":"date-time"},"end":{"type":"string","format":"date-time"}}}}},"if":{"required":["every"]},"then":{"required":["at","durationMinutes","timeZone"]},"else":{"required":["start","end"]}}}}};
const formats0 = runtime0.fullFormats["date-time"];
const func2 = runtime1.default;
const pattern0 = new RegExp("^[A-Za-z0-9._~-]+$", "u");
const pattern2 = new RegExp("^([01][0-9]|2[0-3]):[0-5][0-9]$", "u");

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="incidents.schema.json" */;
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
if(data.incidents === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "incidents"},message:"must have required property '"+"incidents"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.maintenance === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "maintenance"},message:"must have required property '"+"maintenance"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.version !== undefined){
let data0 = data.version;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err4 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!(data0 === 1)){
const err5 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/enum",keyword:"enum",params:{allowedValues: schema11.properties.version.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.generatedAt !== undefined){
let data1 = data.generatedAt;
if(typeof data1 === "string"){
if(!(formats0.validate(data1))){
const err6 = {instancePath:instancePath+"/generatedAt",schemaPath:"#/properties/generatedAt/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/generatedAt",schemaPath:"#/properties/generatedAt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.incidents !== undefined){
let data2 = data.incidents;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.id === undefined){
const err8 = {instancePath:instancePath+"/incidents/" + i0,schemaPath:"#/properties/incidents/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data3.title === undefined){
const err9 = {instancePath:instancePath+"/incidents/" + i0,schemaPath:"#/properties/incidents/items/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data3.impact === undefined){
const err10 = {instancePath:instancePath+"/incidents/" + i0,schemaPath:"#/properties/incidents/items/required",keyword:"required",params:{missingProperty: "impact"},message:"must have required property '"+"impact"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data3.affected === undefined){
const err11 = {instancePath:instancePath+"/incidents/" + i0,schemaPath:"#/properties/incidents/items/required",keyword:"required",params:{missingProperty: "affected"},message:"must have required property '"+"affected"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data3.updates === undefined){
const err12 = {instancePath:instancePath+"/incidents/" + i0,schemaPath:"#/properties/incidents/items/required",keyword:"required",params:{missingProperty: "updates"},message:"must have required property '"+"updates"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data3.status === undefined){
const err13 = {instancePath:instancePath+"/incidents/" + i0,schemaPath:"#/properties/incidents/items/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data3.open === undefined){
const err14 = {instancePath:instancePath+"/incidents/" + i0,schemaPath:"#/properties/incidents/items/required",keyword:"required",params:{missingProperty: "open"},message:"must have required property '"+"open"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data3.id !== undefined){
let data4 = data3.id;
if(typeof data4 === "string"){
if(func2(data4) > 200){
const err15 = {instancePath:instancePath+"/incidents/" + i0+"/id",schemaPath:"#/properties/incidents/items/properties/id/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(func2(data4) < 1){
const err16 = {instancePath:instancePath+"/incidents/" + i0+"/id",schemaPath:"#/properties/incidents/items/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(!pattern0.test(data4)){
const err17 = {instancePath:instancePath+"/incidents/" + i0+"/id",schemaPath:"#/properties/incidents/items/properties/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9._~-]+$"},message:"must match pattern \""+"^[A-Za-z0-9._~-]+$"+"\""};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/incidents/" + i0+"/id",schemaPath:"#/properties/incidents/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data3.title !== undefined){
let data5 = data3.title;
if(typeof data5 === "string"){
if(func2(data5) > 32767){
const err19 = {instancePath:instancePath+"/incidents/" + i0+"/title",schemaPath:"#/properties/incidents/items/properties/title/maxLength",keyword:"maxLength",params:{limit: 32767},message:"must NOT have more than 32767 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(func2(data5) < 1){
const err20 = {instancePath:instancePath+"/incidents/" + i0+"/title",schemaPath:"#/properties/incidents/items/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/incidents/" + i0+"/title",schemaPath:"#/properties/incidents/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data3.impact !== undefined){
let data6 = data3.impact;
if(typeof data6 !== "string"){
const err22 = {instancePath:instancePath+"/incidents/" + i0+"/impact",schemaPath:"#/properties/incidents/items/properties/impact/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(!((((data6 === "none") || (data6 === "minor")) || (data6 === "major")) || (data6 === "critical"))){
const err23 = {instancePath:instancePath+"/incidents/" + i0+"/impact",schemaPath:"#/properties/incidents/items/properties/impact/enum",keyword:"enum",params:{allowedValues: schema11.properties.incidents.items.properties.impact.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data3.affected !== undefined){
let data7 = data3.affected;
if(Array.isArray(data7)){
if(data7.length < 1){
const err24 = {instancePath:instancePath+"/incidents/" + i0+"/affected",schemaPath:"#/properties/incidents/items/properties/affected/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
const len1 = data7.length;
for(let i1=0; i1<len1; i1++){
let data8 = data7[i1];
if(typeof data8 === "string"){
if(func2(data8) > 200){
const err25 = {instancePath:instancePath+"/incidents/" + i0+"/affected/" + i1,schemaPath:"#/properties/incidents/items/properties/affected/items/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(func2(data8) < 1){
const err26 = {instancePath:instancePath+"/incidents/" + i0+"/affected/" + i1,schemaPath:"#/properties/incidents/items/properties/affected/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/incidents/" + i0+"/affected/" + i1,schemaPath:"#/properties/incidents/items/properties/affected/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
let i2 = data7.length;
let j0;
if(i2 > 1){
const indices0 = {};
for(;i2--;){
let item0 = data7[i2];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err28 = {instancePath:instancePath+"/incidents/" + i0+"/affected",schemaPath:"#/properties/incidents/items/properties/affected/uniqueItems",keyword:"uniqueItems",params:{i: i2, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i2+" are identical)"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
break;
}
indices0[item0] = i2;
}
}
}
else {
const err29 = {instancePath:instancePath+"/incidents/" + i0+"/affected",schemaPath:"#/properties/incidents/items/properties/affected/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data3.updates !== undefined){
let data9 = data3.updates;
if(Array.isArray(data9)){
if(data9.length < 1){
const err30 = {instancePath:instancePath+"/incidents/" + i0+"/updates",schemaPath:"#/properties/incidents/items/properties/updates/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
const len2 = data9.length;
for(let i3=0; i3<len2; i3++){
let data10 = data9[i3];
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.at === undefined){
const err31 = {instancePath:instancePath+"/incidents/" + i0+"/updates/" + i3,schemaPath:"#/properties/incidents/items/properties/updates/items/required",keyword:"required",params:{missingProperty: "at"},message:"must have required property '"+"at"+"'"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(data10.status === undefined){
const err32 = {instancePath:instancePath+"/incidents/" + i0+"/updates/" + i3,schemaPath:"#/properties/incidents/items/properties/updates/items/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(data10.message === undefined){
const err33 = {instancePath:instancePath+"/incidents/" + i0+"/updates/" + i3,schemaPath:"#/properties/incidents/items/properties/updates/items/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
for(const key0 in data10){
if(!(((key0 === "at") || (key0 === "status")) || (key0 === "message"))){
const err34 = {instancePath:instancePath+"/incidents/" + i0+"/updates/" + i3,schemaPath:"#/properties/incidents/items/properties/updates/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data10.at !== undefined){
let data11 = data10.at;
if(typeof data11 === "string"){
if(func2(data11) > 200){
const err35 = {instancePath:instancePath+"/incidents/" + i0+"/updates/" + i3+"/at",schemaPath:"#/properties/incidents/items/properties/updates/items/properties/at/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(!(formats0.validate(data11))){
const err36 = {instancePath:instancePath+"/incidents/" + i0+"/updates/" + i3+"/at",schemaPath:"#/properties/incidents/items/properties/updates/items/properties/at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/incidents/" + i0+"/updates/" + i3+"/at",schemaPath:"#/properties/incidents/items/properties/updates/items/properties/at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data10.status !== undefined){
let data12 = data10.status;
if(typeof data12 !== "string"){
const err38 = {instancePath:instancePath+"/incidents/" + i0+"/updates/" + i3+"/status",schemaPath:"#/properties/incidents/items/properties/updates/items/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(!((((data12 === "investigating") || (data12 === "identified")) || (data12 === "monitoring")) || (data12 === "resolved"))){
const err39 = {instancePath:instancePath+"/incidents/" + i0+"/updates/" + i3+"/status",schemaPath:"#/properties/incidents/items/properties/updates/items/properties/status/enum",keyword:"enum",params:{allowedValues: schema11.properties.incidents.items.properties.updates.items.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data10.message !== undefined){
let data13 = data10.message;
if(typeof data13 === "string"){
if(func2(data13) > 32767){
const err40 = {instancePath:instancePath+"/incidents/" + i0+"/updates/" + i3+"/message",schemaPath:"#/properties/incidents/items/properties/updates/items/properties/message/maxLength",keyword:"maxLength",params:{limit: 32767},message:"must NOT have more than 32767 characters"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if(func2(data13) < 1){
const err41 = {instancePath:instancePath+"/incidents/" + i0+"/updates/" + i3+"/message",schemaPath:"#/properties/incidents/items/properties/updates/items/properties/message/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
else {
const err42 = {instancePath:instancePath+"/incidents/" + i0+"/updates/" + i3+"/message",schemaPath:"#/properties/incidents/items/properties/updates/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
}
else {
const err43 = {instancePath:instancePath+"/incidents/" + i0+"/updates/" + i3,schemaPath:"#/properties/incidents/items/properties/updates/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
}
else {
const err44 = {instancePath:instancePath+"/incidents/" + i0+"/updates",schemaPath:"#/properties/incidents/items/properties/updates/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data3.status !== undefined){
let data14 = data3.status;
if(typeof data14 !== "string"){
const err45 = {instancePath:instancePath+"/incidents/" + i0+"/status",schemaPath:"#/properties/incidents/items/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(!((((data14 === "investigating") || (data14 === "identified")) || (data14 === "monitoring")) || (data14 === "resolved"))){
const err46 = {instancePath:instancePath+"/incidents/" + i0+"/status",schemaPath:"#/properties/incidents/items/properties/status/enum",keyword:"enum",params:{allowedValues: schema11.properties.incidents.items.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data3.open !== undefined){
if(typeof data3.open !== "boolean"){
const err47 = {instancePath:instancePath+"/incidents/" + i0+"/open",schemaPath:"#/properties/incidents/items/properties/open/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
}
else {
const err48 = {instancePath:instancePath+"/incidents/" + i0,schemaPath:"#/properties/incidents/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
else {
const err49 = {instancePath:instancePath+"/incidents",schemaPath:"#/properties/incidents/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data.maintenance !== undefined){
let data16 = data.maintenance;
if(Array.isArray(data16)){
const len3 = data16.length;
for(let i4=0; i4<len3; i4++){
let data17 = data16[i4];
const _errs48 = errors;
let valid12 = true;
const _errs49 = errors;
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
let missing0;
if((data17.every === undefined) && (missing0 = "every")){
const err50 = {};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
var _valid0 = _errs49 === errors;
errors = _errs48;
if(vErrors !== null){
if(_errs48){
vErrors.length = _errs48;
}
else {
vErrors = null;
}
}
let ifClause0;
if(_valid0){
const _errs50 = errors;
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
if(data17.at === undefined){
const err51 = {instancePath:instancePath+"/maintenance/" + i4,schemaPath:"#/properties/maintenance/items/then/required",keyword:"required",params:{missingProperty: "at"},message:"must have required property '"+"at"+"'"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if(data17.durationMinutes === undefined){
const err52 = {instancePath:instancePath+"/maintenance/" + i4,schemaPath:"#/properties/maintenance/items/then/required",keyword:"required",params:{missingProperty: "durationMinutes"},message:"must have required property '"+"durationMinutes"+"'"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(data17.timeZone === undefined){
const err53 = {instancePath:instancePath+"/maintenance/" + i4,schemaPath:"#/properties/maintenance/items/then/required",keyword:"required",params:{missingProperty: "timeZone"},message:"must have required property '"+"timeZone"+"'"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
var _valid0 = _errs50 === errors;
valid12 = _valid0;
ifClause0 = "then";
}
else {
const _errs51 = errors;
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
if(data17.start === undefined){
const err54 = {instancePath:instancePath+"/maintenance/" + i4,schemaPath:"#/properties/maintenance/items/else/required",keyword:"required",params:{missingProperty: "start"},message:"must have required property '"+"start"+"'"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if(data17.end === undefined){
const err55 = {instancePath:instancePath+"/maintenance/" + i4,schemaPath:"#/properties/maintenance/items/else/required",keyword:"required",params:{missingProperty: "end"},message:"must have required property '"+"end"+"'"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
var _valid0 = _errs51 === errors;
valid12 = _valid0;
ifClause0 = "else";
}
if(!valid12){
const err56 = {instancePath:instancePath+"/maintenance/" + i4,schemaPath:"#/properties/maintenance/items/if",keyword:"if",params:{failingKeyword: ifClause0},message:"must match \""+ifClause0+"\" schema"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
if(data17.id === undefined){
const err57 = {instancePath:instancePath+"/maintenance/" + i4,schemaPath:"#/properties/maintenance/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
if(data17.title === undefined){
const err58 = {instancePath:instancePath+"/maintenance/" + i4,schemaPath:"#/properties/maintenance/items/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if(data17.affected === undefined){
const err59 = {instancePath:instancePath+"/maintenance/" + i4,schemaPath:"#/properties/maintenance/items/required",keyword:"required",params:{missingProperty: "affected"},message:"must have required property '"+"affected"+"'"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if(data17.next === undefined){
const err60 = {instancePath:instancePath+"/maintenance/" + i4,schemaPath:"#/properties/maintenance/items/required",keyword:"required",params:{missingProperty: "next"},message:"must have required property '"+"next"+"'"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if(data17.id !== undefined){
let data18 = data17.id;
if(typeof data18 === "string"){
if(func2(data18) > 200){
const err61 = {instancePath:instancePath+"/maintenance/" + i4+"/id",schemaPath:"#/properties/maintenance/items/properties/id/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if(func2(data18) < 1){
const err62 = {instancePath:instancePath+"/maintenance/" + i4+"/id",schemaPath:"#/properties/maintenance/items/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if(!pattern0.test(data18)){
const err63 = {instancePath:instancePath+"/maintenance/" + i4+"/id",schemaPath:"#/properties/maintenance/items/properties/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9._~-]+$"},message:"must match pattern \""+"^[A-Za-z0-9._~-]+$"+"\""};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
else {
const err64 = {instancePath:instancePath+"/maintenance/" + i4+"/id",schemaPath:"#/properties/maintenance/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data17.title !== undefined){
let data19 = data17.title;
if(typeof data19 === "string"){
if(func2(data19) > 32767){
const err65 = {instancePath:instancePath+"/maintenance/" + i4+"/title",schemaPath:"#/properties/maintenance/items/properties/title/maxLength",keyword:"maxLength",params:{limit: 32767},message:"must NOT have more than 32767 characters"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
if(func2(data19) < 1){
const err66 = {instancePath:instancePath+"/maintenance/" + i4+"/title",schemaPath:"#/properties/maintenance/items/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
else {
const err67 = {instancePath:instancePath+"/maintenance/" + i4+"/title",schemaPath:"#/properties/maintenance/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
if(data17.affected !== undefined){
let data20 = data17.affected;
if(Array.isArray(data20)){
if(data20.length < 1){
const err68 = {instancePath:instancePath+"/maintenance/" + i4+"/affected",schemaPath:"#/properties/maintenance/items/properties/affected/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
const len4 = data20.length;
for(let i5=0; i5<len4; i5++){
let data21 = data20[i5];
if(typeof data21 === "string"){
if(func2(data21) > 200){
const err69 = {instancePath:instancePath+"/maintenance/" + i4+"/affected/" + i5,schemaPath:"#/properties/maintenance/items/properties/affected/items/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
if(func2(data21) < 1){
const err70 = {instancePath:instancePath+"/maintenance/" + i4+"/affected/" + i5,schemaPath:"#/properties/maintenance/items/properties/affected/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
else {
const err71 = {instancePath:instancePath+"/maintenance/" + i4+"/affected/" + i5,schemaPath:"#/properties/maintenance/items/properties/affected/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
let i6 = data20.length;
let j1;
if(i6 > 1){
const indices1 = {};
for(;i6--;){
let item1 = data20[i6];
if(typeof item1 !== "string"){
continue;
}
if(typeof indices1[item1] == "number"){
j1 = indices1[item1];
const err72 = {instancePath:instancePath+"/maintenance/" + i4+"/affected",schemaPath:"#/properties/maintenance/items/properties/affected/uniqueItems",keyword:"uniqueItems",params:{i: i6, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i6+" are identical)"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
break;
}
indices1[item1] = i6;
}
}
}
else {
const err73 = {instancePath:instancePath+"/maintenance/" + i4+"/affected",schemaPath:"#/properties/maintenance/items/properties/affected/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data17.message !== undefined){
let data22 = data17.message;
if(typeof data22 === "string"){
if(func2(data22) > 32767){
const err74 = {instancePath:instancePath+"/maintenance/" + i4+"/message",schemaPath:"#/properties/maintenance/items/properties/message/maxLength",keyword:"maxLength",params:{limit: 32767},message:"must NOT have more than 32767 characters"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
if(func2(data22) < 1){
const err75 = {instancePath:instancePath+"/maintenance/" + i4+"/message",schemaPath:"#/properties/maintenance/items/properties/message/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
else {
const err76 = {instancePath:instancePath+"/maintenance/" + i4+"/message",schemaPath:"#/properties/maintenance/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
if(data17.start !== undefined){
let data23 = data17.start;
if(typeof data23 === "string"){
if(func2(data23) > 200){
const err77 = {instancePath:instancePath+"/maintenance/" + i4+"/start",schemaPath:"#/properties/maintenance/items/properties/start/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
if(!(formats0.validate(data23))){
const err78 = {instancePath:instancePath+"/maintenance/" + i4+"/start",schemaPath:"#/properties/maintenance/items/properties/start/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
else {
const err79 = {instancePath:instancePath+"/maintenance/" + i4+"/start",schemaPath:"#/properties/maintenance/items/properties/start/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
if(data17.end !== undefined){
let data24 = data17.end;
if(typeof data24 === "string"){
if(func2(data24) > 200){
const err80 = {instancePath:instancePath+"/maintenance/" + i4+"/end",schemaPath:"#/properties/maintenance/items/properties/end/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if(!(formats0.validate(data24))){
const err81 = {instancePath:instancePath+"/maintenance/" + i4+"/end",schemaPath:"#/properties/maintenance/items/properties/end/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
else {
const err82 = {instancePath:instancePath+"/maintenance/" + i4+"/end",schemaPath:"#/properties/maintenance/items/properties/end/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
if(data17.every !== undefined){
let data25 = data17.every;
if(typeof data25 !== "string"){
const err83 = {instancePath:instancePath+"/maintenance/" + i4+"/every",schemaPath:"#/properties/maintenance/items/properties/every/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
if(!(((data25 === "day") || (data25 === "week")) || (data25 === "month"))){
const err84 = {instancePath:instancePath+"/maintenance/" + i4+"/every",schemaPath:"#/properties/maintenance/items/properties/every/enum",keyword:"enum",params:{allowedValues: schema11.properties.maintenance.items.properties.every.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
if(data17.on !== undefined){
let data26 = data17.on;
if(!((((((((((((((((((((((((((((((((((((((data26 === "monday") || (data26 === "tuesday")) || (data26 === "wednesday")) || (data26 === "thursday")) || (data26 === "friday")) || (data26 === "saturday")) || (data26 === "sunday")) || (data26 === 1)) || (data26 === 2)) || (data26 === 3)) || (data26 === 4)) || (data26 === 5)) || (data26 === 6)) || (data26 === 7)) || (data26 === 8)) || (data26 === 9)) || (data26 === 10)) || (data26 === 11)) || (data26 === 12)) || (data26 === 13)) || (data26 === 14)) || (data26 === 15)) || (data26 === 16)) || (data26 === 17)) || (data26 === 18)) || (data26 === 19)) || (data26 === 20)) || (data26 === 21)) || (data26 === 22)) || (data26 === 23)) || (data26 === 24)) || (data26 === 25)) || (data26 === 26)) || (data26 === 27)) || (data26 === 28)) || (data26 === 29)) || (data26 === 30)) || (data26 === 31))){
const err85 = {instancePath:instancePath+"/maintenance/" + i4+"/on",schemaPath:"#/properties/maintenance/items/properties/on/enum",keyword:"enum",params:{allowedValues: schema11.properties.maintenance.items.properties.on.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
if(data17.at !== undefined){
let data27 = data17.at;
if(typeof data27 === "string"){
if(!pattern2.test(data27)){
const err86 = {instancePath:instancePath+"/maintenance/" + i4+"/at",schemaPath:"#/properties/maintenance/items/properties/at/pattern",keyword:"pattern",params:{pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$"},message:"must match pattern \""+"^([01][0-9]|2[0-3]):[0-5][0-9]$"+"\""};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
else {
const err87 = {instancePath:instancePath+"/maintenance/" + i4+"/at",schemaPath:"#/properties/maintenance/items/properties/at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
if(data17.durationMinutes !== undefined){
let data28 = data17.durationMinutes;
if(!(((typeof data28 == "number") && (!(data28 % 1) && !isNaN(data28))) && (isFinite(data28)))){
const err88 = {instancePath:instancePath+"/maintenance/" + i4+"/durationMinutes",schemaPath:"#/properties/maintenance/items/properties/durationMinutes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
if((typeof data28 == "number") && (isFinite(data28))){
if(data28 > 44640 || isNaN(data28)){
const err89 = {instancePath:instancePath+"/maintenance/" + i4+"/durationMinutes",schemaPath:"#/properties/maintenance/items/properties/durationMinutes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 44640},message:"must be <= 44640"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
if(data28 < 1 || isNaN(data28)){
const err90 = {instancePath:instancePath+"/maintenance/" + i4+"/durationMinutes",schemaPath:"#/properties/maintenance/items/properties/durationMinutes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
}
if(data17.timeZone !== undefined){
let data29 = data17.timeZone;
if(typeof data29 === "string"){
if(func2(data29) > 200){
const err91 = {instancePath:instancePath+"/maintenance/" + i4+"/timeZone",schemaPath:"#/properties/maintenance/items/properties/timeZone/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
if(func2(data29) < 1){
const err92 = {instancePath:instancePath+"/maintenance/" + i4+"/timeZone",schemaPath:"#/properties/maintenance/items/properties/timeZone/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
else {
const err93 = {instancePath:instancePath+"/maintenance/" + i4+"/timeZone",schemaPath:"#/properties/maintenance/items/properties/timeZone/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
if(data17.next !== undefined){
let data30 = data17.next;
if(Array.isArray(data30)){
const len5 = data30.length;
for(let i7=0; i7<len5; i7++){
let data31 = data30[i7];
if(data31 && typeof data31 == "object" && !Array.isArray(data31)){
if(data31.start === undefined){
const err94 = {instancePath:instancePath+"/maintenance/" + i4+"/next/" + i7,schemaPath:"#/properties/maintenance/items/properties/next/items/required",keyword:"required",params:{missingProperty: "start"},message:"must have required property '"+"start"+"'"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
if(data31.end === undefined){
const err95 = {instancePath:instancePath+"/maintenance/" + i4+"/next/" + i7,schemaPath:"#/properties/maintenance/items/properties/next/items/required",keyword:"required",params:{missingProperty: "end"},message:"must have required property '"+"end"+"'"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
if(data31.start !== undefined){
let data32 = data31.start;
if(typeof data32 === "string"){
if(!(formats0.validate(data32))){
const err96 = {instancePath:instancePath+"/maintenance/" + i4+"/next/" + i7+"/start",schemaPath:"#/properties/maintenance/items/properties/next/items/properties/start/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
else {
const err97 = {instancePath:instancePath+"/maintenance/" + i4+"/next/" + i7+"/start",schemaPath:"#/properties/maintenance/items/properties/next/items/properties/start/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
if(data31.end !== undefined){
let data33 = data31.end;
if(typeof data33 === "string"){
if(!(formats0.validate(data33))){
const err98 = {instancePath:instancePath+"/maintenance/" + i4+"/next/" + i7+"/end",schemaPath:"#/properties/maintenance/items/properties/next/items/properties/end/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
}
else {
const err99 = {instancePath:instancePath+"/maintenance/" + i4+"/next/" + i7+"/end",schemaPath:"#/properties/maintenance/items/properties/next/items/properties/end/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
}
else {
const err100 = {instancePath:instancePath+"/maintenance/" + i4+"/next/" + i7,schemaPath:"#/properties/maintenance/items/properties/next/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
}
else {
const err101 = {instancePath:instancePath+"/maintenance/" + i4+"/next",schemaPath:"#/properties/maintenance/items/properties/next/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
}
else {
const err102 = {instancePath:instancePath+"/maintenance/" + i4,schemaPath:"#/properties/maintenance/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
}
}
else {
const err103 = {instancePath:instancePath+"/maintenance",schemaPath:"#/properties/maintenance/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
}
else {
const err104 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

// The schema itself, for turning errors into words (schemaErrors.ts).
export const schema = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"incidents.schema.json","title":"Incidents and maintenance (API v1)","description":"Every incident of the site with its status, and every maintenance window with its next times: /api/v1/incidents.json. Records follow content/schema/incidents.schema.json and maintenance.schema.json.","type":"object","required":["version","generatedAt","incidents","maintenance"],"properties":{"version":{"type":"integer","enum":[1],"description":"The format of this document; a new version gets a new path."},"generatedAt":{"type":"string","format":"date-time","description":"When the site was built."},"incidents":{"type":"array","items":{"type":"object","required":["id","title","impact","affected","updates","status","open"],"additionalProperties":true,"properties":{"id":{"type":"string","minLength":1,"maxLength":200,"pattern":"^[A-Za-z0-9._~-]+$","description":"A unique key, e.g. 2026-03-02-eu-west-latency: letters, digits, dots, dashes, underscores and tildes.","x-expected":"a unique text of letters, digits, . - _ or ~"},"title":{"type":"string","minLength":1,"maxLength":32767,"description":"What readers see first, e.g. Slow responses from EU-West-1.","x-expected":"a non-empty text"},"impact":{"type":"string","enum":["none","minor","major","critical"],"description":"How much it hurts readers: none, minor, major or critical.","x-expected":"none, minor, major or critical"},"affected":{"type":"array","minItems":1,"uniqueItems":true,"items":{"type":"string","minLength":1,"maxLength":200,"x-expected":"the id of a server in servers.json"},"description":"The ids of the servers it touches (from servers.json), each once.","x-expected":"a list of server ids from servers.json, each once, such as [\"srv-eu-west-1\"]"},"updates":{"type":"array","minItems":1,"description":"What was said and when, oldest first; the last one is the incident's status.","x-expected":"a list of updates, oldest first [ { \"at\": …, \"status\": …, \"message\": … } ]","items":{"type":"object","required":["at","status","message"],"additionalProperties":false,"properties":{"at":{"type":"string","format":"date-time","maxLength":200,"description":"When it was said: a date and time with its zone (ISO 8601), e.g. 2026-03-02T09:14:00Z.","x-expected":"a date and time with its zone such as 2026-03-02T09:14:00Z"},"status":{"type":"string","enum":["investigating","identified","monitoring","resolved"],"description":"investigating, identified, monitoring or resolved.","x-expected":"investigating, identified, monitoring or resolved"},"message":{"type":"string","minLength":1,"maxLength":32767,"description":"What readers are told: plain text, line breaks kept, never HTML.","x-expected":"a non-empty text"}}}},"status":{"type":"string","enum":["investigating","identified","monitoring","resolved"],"description":"the newest update's status"},"open":{"type":"boolean","description":"true until an update says resolved"}}}},"maintenance":{"type":"array","items":{"type":"object","required":["id","title","affected","next"],"additionalProperties":true,"properties":{"id":{"type":"string","minLength":1,"maxLength":200,"pattern":"^[A-Za-z0-9._~-]+$","description":"A unique key, e.g. weekly-db-patching: letters, digits, dots, dashes, underscores and tildes.","x-expected":"a unique text of letters, digits, . - _ or ~"},"title":{"type":"string","minLength":1,"maxLength":32767,"description":"What readers see, e.g. Database patching.","x-expected":"a non-empty text"},"affected":{"type":"array","minItems":1,"uniqueItems":true,"items":{"type":"string","minLength":1,"maxLength":200,"x-expected":"the id of a server in servers.json"},"description":"The ids of the servers under maintenance (from servers.json), each once.","x-expected":"a list of server ids from servers.json, each once, such as [\"srv-eu-west-1\"]"},"message":{"type":"string","minLength":1,"maxLength":32767,"description":"Optional: more for readers, plain text, line breaks kept, never HTML.","x-expected":"a non-empty text"},"start":{"type":"string","format":"date-time","maxLength":200,"description":"One-off window: when it starts, a date and time with its zone (ISO 8601), e.g. 2026-05-10T22:00:00Z.","x-expected":"a date and time with its zone such as 2026-05-10T22:00:00Z"},"end":{"type":"string","format":"date-time","maxLength":200,"description":"One-off window: when it ends (after its start), a date and time with its zone (ISO 8601).","x-expected":"a date and time with its zone such as 2026-05-11T02:00:00Z"},"every":{"type":"string","enum":["day","week","month"],"description":"Recurring window: day, week or month.","x-expected":"day, week or month"},"on":{"enum":["monday","tuesday","wednesday","thursday","friday","saturday","sunday",1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31],"x-graphql":"String","description":"Recurring window: the weekday for every week (monday … sunday), the day of the month for every month (1 to 31; a month without that day has no window); none for every day.","x-expected":"a weekday in lower case (monday … sunday) or a day of the month from 1 to 31"},"at":{"type":"string","pattern":"^([01][0-9]|2[0-3]):[0-5][0-9]$","description":"Recurring window: the local time it starts in its timeZone, HH:MM (24 hours), e.g. 02:00.","x-expected":"a time HH:MM from 00:00 to 23:59"},"durationMinutes":{"type":"integer","minimum":1,"maximum":44640,"description":"Recurring window: how long it lasts, in minutes of real time (a window across a daylight-saving change still lasts this long).","x-expected":"a whole number of minutes from 1 to 44640 (31 days)"},"timeZone":{"type":"string","minLength":1,"maxLength":200,"description":"Recurring window: the IANA time zone its local time is in, e.g. Europe/Berlin or UTC; daylight saving follows the zone.","x-expected":"an IANA time zone such as Europe/Berlin, America/New_York or UTC"},"next":{"type":"array","description":"The window's next times in UTC, in force at the build or to come (within 35 days), at most 5; start included, end excluded.","items":{"type":"object","required":["start","end"],"properties":{"start":{"type":"string","format":"date-time"},"end":{"type":"string","format":"date-time"}}}}},"if":{"required":["every"]},"then":{"required":["at","durationMinutes","timeZone"]},"else":{"required":["start","end"]}}}}};
