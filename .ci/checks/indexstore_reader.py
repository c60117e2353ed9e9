"""Reads an index store (the records `swiftc -index-store-path` writes) through the toolchain's
libIndexStore C API (indexstore.h), with ctypes: every symbol occurrence of every unit, with its
file, line, column, roles, USR, name, kind and the USRs of the declarations that contain it."""

import ctypes
import os
from ctypes import (CFUNCTYPE, POINTER, Structure, byref, c_bool, c_char_p, c_size_t, c_uint,
                    c_uint64, c_void_p)

ROLE_DECLARATION = 1 << 0
ROLE_DEFINITION = 1 << 1
ROLE_REFERENCE = 1 << 2
ROLE_CALL = 1 << 5
ROLE_IMPLICIT = 1 << 8
REL_CHILDOF = 1 << 9
REL_OVERRIDEOF = 1 << 11
REL_CALLEDBY = 1 << 13
REL_ACCESSOROF = 1 << 15
REL_CONTAINEDBY = 1 << 16
PROPERTY_LOCAL = 1 << 7
DEPENDENCY_UNIT, DEPENDENCY_RECORD, DEPENDENCY_FILE = 1, 2, 3

KINDS = {0: "unknown", 1: "module", 5: "enum", 6: "struct", 7: "class", 8: "protocol", 9: "extension",
         11: "typealias", 12: "func", 13: "var", 14: "field", 15: "enum case", 16: "method",
         17: "class method", 18: "static method", 19: "property", 20: "class property",
         21: "static property", 22: "init", 23: "deinit", 24: "conversion", 25: "parameter"}


class StringRef(Structure):
    _fields_ = [("data", c_void_p), ("length", c_size_t)]

    def text(self):
        return ctypes.string_at(self.data, self.length).decode("utf-8", "replace") if self.data else ""


APPLIER = CFUNCTYPE(c_bool, c_void_p, c_void_p)
UNIT_APPLIER = CFUNCTYPE(c_bool, c_void_p, StringRef)


class IndexStoreError(Exception):
    pass


def _load(library):
    lib = ctypes.CDLL(library)
    sigs = {
        "indexstore_store_create": (c_void_p, [c_char_p, POINTER(c_void_p)]),
        "indexstore_store_dispose": (None, [c_void_p]),
        "indexstore_error_get_description": (c_char_p, [c_void_p]),
        "indexstore_error_dispose": (None, [c_void_p]),
        "indexstore_store_units_apply_f": (c_bool, [c_void_p, c_uint, c_void_p, UNIT_APPLIER]),
        "indexstore_unit_reader_create": (c_void_p, [c_void_p, c_char_p, POINTER(c_void_p)]),
        "indexstore_unit_reader_dispose": (None, [c_void_p]),
        "indexstore_unit_reader_get_main_file": (StringRef, [c_void_p]),
        "indexstore_unit_reader_get_module_name": (StringRef, [c_void_p]),
        "indexstore_unit_reader_is_system_unit": (c_bool, [c_void_p]),
        "indexstore_unit_reader_dependencies_apply_f": (c_bool, [c_void_p, c_void_p, APPLIER]),
        "indexstore_unit_dependency_get_kind": (c_uint, [c_void_p]),
        "indexstore_unit_dependency_is_system": (c_bool, [c_void_p]),
        "indexstore_unit_dependency_get_filepath": (StringRef, [c_void_p]),
        "indexstore_unit_dependency_get_modulename": (StringRef, [c_void_p]),
        "indexstore_unit_dependency_get_name": (StringRef, [c_void_p]),
        "indexstore_record_reader_create": (c_void_p, [c_void_p, c_char_p, POINTER(c_void_p)]),
        "indexstore_record_reader_dispose": (None, [c_void_p]),
        "indexstore_record_reader_occurrences_apply_f": (c_bool, [c_void_p, c_void_p, APPLIER]),
        "indexstore_occurrence_get_symbol": (c_void_p, [c_void_p]),
        "indexstore_occurrence_get_roles": (c_uint64, [c_void_p]),
        "indexstore_occurrence_get_line_col": (None, [c_void_p, POINTER(c_uint), POINTER(c_uint)]),
        "indexstore_occurrence_relations_apply_f": (c_bool, [c_void_p, c_void_p, APPLIER]),
        "indexstore_symbol_relation_get_roles": (c_uint64, [c_void_p]),
        "indexstore_symbol_relation_get_symbol": (c_void_p, [c_void_p]),
        "indexstore_symbol_get_usr": (StringRef, [c_void_p]),
        "indexstore_symbol_get_name": (StringRef, [c_void_p]),
        "indexstore_symbol_get_kind": (c_uint, [c_void_p]),
        "indexstore_symbol_get_language": (c_uint, [c_void_p]),
        "indexstore_symbol_get_properties": (c_uint64, [c_void_p]),
    }
    for name, (restype, argtypes) in sigs.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return lib


class IndexStore:
    def __init__(self, path, library="/opt/swift/usr/lib/libIndexStore.so"):
        self.lib = _load(library)
        err = c_void_p()
        self.store = self.lib.indexstore_store_create(os.fsencode(path), byref(err))
        if not self.store:
            raise IndexStoreError(self._error(err))

    def _error(self, err):
        text = self.lib.indexstore_error_get_description(err).decode() if err else "unknown error"
        if err:
            self.lib.indexstore_error_dispose(err)
        return text

    def units(self):
        names = []

        @UNIT_APPLIER
        def each(_ctx, name):
            names.append(name.text())
            return True

        self.lib.indexstore_store_units_apply_f(self.store, 0, None, each)
        return names

    def unit(self, name):
        """(module name, main file, is system, [(record name, file path)], [imported module names])."""
        lib = self.lib
        err = c_void_p()
        reader = lib.indexstore_unit_reader_create(self.store, name.encode(), byref(err))
        if not reader:
            raise IndexStoreError(self._error(err))
        records, modules = [], []

        @APPLIER
        def each(_ctx, dep):
            kind = lib.indexstore_unit_dependency_get_kind(dep)
            if kind == DEPENDENCY_RECORD:
                records.append((lib.indexstore_unit_dependency_get_name(dep).text(),
                                lib.indexstore_unit_dependency_get_filepath(dep).text()))
            elif kind in (DEPENDENCY_UNIT, DEPENDENCY_FILE):
                module = lib.indexstore_unit_dependency_get_modulename(dep).text()
                if module:
                    modules.append(module)
            return True

        try:
            module = lib.indexstore_unit_reader_get_module_name(reader).text()
            main = lib.indexstore_unit_reader_get_main_file(reader).text()
            system = lib.indexstore_unit_reader_is_system_unit(reader)
            lib.indexstore_unit_reader_dependencies_apply_f(reader, None, each)
        finally:
            lib.indexstore_unit_reader_dispose(reader)
        return module, main, system, records, modules

    def _symbol(self, sym):
        lib = self.lib
        return {
            "usr": lib.indexstore_symbol_get_usr(sym).text(),
            "name": lib.indexstore_symbol_get_name(sym).text(),
            "kind": KINDS.get(lib.indexstore_symbol_get_kind(sym), "other"),
            "language": lib.indexstore_symbol_get_language(sym),
            "properties": lib.indexstore_symbol_get_properties(sym),
        }

    def occurrences(self, record):
        """Every occurrence in a record: dicts with line, column, roles, symbol and relations."""
        lib = self.lib
        err = c_void_p()
        reader = lib.indexstore_record_reader_create(self.store, record.encode(), byref(err))
        if not reader:
            raise IndexStoreError(self._error(err))
        found = []

        @APPLIER
        def each(_ctx, occ):
            line, column = c_uint(), c_uint()
            lib.indexstore_occurrence_get_line_col(occ, byref(line), byref(column))
            relations = []

            @APPLIER
            def each_relation(_ctx2, rel):
                relations.append((lib.indexstore_symbol_relation_get_roles(rel),
                                  self._symbol(lib.indexstore_symbol_relation_get_symbol(rel))))
                return True

            lib.indexstore_occurrence_relations_apply_f(occ, None, each_relation)
            found.append({
                "line": line.value,
                "column": column.value,
                "roles": lib.indexstore_occurrence_get_roles(occ),
                "symbol": self._symbol(lib.indexstore_occurrence_get_symbol(occ)),
                "relations": relations,
            })
            return True

        try:
            lib.indexstore_record_reader_occurrences_apply_f(reader, None, each)
        finally:
            lib.indexstore_record_reader_dispose(reader)
        return found
