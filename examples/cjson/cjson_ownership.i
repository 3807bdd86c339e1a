// cjson_ownership.i: cJSON's ownership rules in plain SWIG, until swiggen's newobject / disown /
// borrowed directives land (issue 5). Included by swiggen (config `typemaps = [...]`) after its
// own library and before cJSON.h. Each block names the swiggen gap it works around
// (docs/examples-cjson.md, "Gaps").

// A cJSON tree is released with cJSON_Delete (which frees the whole tree), never with `delete`:
// Python-owned cJSON objects are roots that Python deletes exactly once.
%extend cJSON {
  ~cJSON() { cJSON_Delete($self); }
}
// A cJSON made by `new` would then be freed by cJSON_Delete: only cJSON's functions create items.
%nodefaultctor cJSON;

// Functions returning a new tree the caller must cJSON_Delete: Python owns the result.
%newobject cJSON_Parse;
%newobject cJSON_ParseWithLength;
%newobject cJSON_Duplicate;
%newobject cJSON_DetachItemViaPointer;
%newobject cJSON_DetachItemFromArray;
%newobject cJSON_DetachItemFromObject;
%newobject cJSON_DetachItemFromObjectCaseSensitive;
%newobject cJSON_CreateNull;
%newobject cJSON_CreateTrue;
%newobject cJSON_CreateFalse;
%newobject cJSON_CreateBool;
%newobject cJSON_CreateNumber;
%newobject cJSON_CreateString;
%newobject cJSON_CreateRaw;
%newobject cJSON_CreateArray;
%newobject cJSON_CreateObject;
%newobject cJSON_CreateIntArray;
%newobject cJSON_CreateFloatArray;
%newobject cJSON_CreateDoubleArray;

// Printed text is malloc'ed by cJSON and must be released with cJSON_free: copy it into a Python
// str, then free it. (Only these functions are %newobject among those returning char *.)
%newobject cJSON_Print;
%newobject cJSON_PrintUnformatted;
%newobject cJSON_PrintBuffered;
%typemap(newfree) char * "cJSON_free($1);";

// Items handed to a parent (or to cJSON_Delete) are no longer Python's to delete. In cJSON.h these
// parameters are all spelled `cJSON *item`, `cJSON *newitem` or `cJSON *replacement`. SWIG also
// matches `const cJSON *item` (printing, queries) to a `cJSON *item` typemap once it strips the
// const, so those get the ordinary pointer typemap back explicitly: without it, printing a tree
// would disown (and leak) it.
%apply SWIGTYPE *DISOWN { cJSON *item, cJSON *newitem, cJSON *replacement };
%apply SWIGTYPE * { cJSON const *item };

// Gap: no `readonly` directive for fields. Writing a tree's links or strings from Python would
// corrupt it (and SWIG would assign char* fields with new[], which cJSON frees with free()).
%immutable cJSON::next;
%immutable cJSON::child;
%immutable cJSON::valuestring;
%immutable cJSON::string;
