//! The module's exceptions: `Error`, and `InputError(Error, ValueError)` and
//! `TableError(Error)` made at import; the engine's errors raised as them, each message on
//! one line.

use std::sync::OnceLock;

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};
use yahtzee_engine::EngineError;

create_exception!(
    yahtzee,
    Error,
    PyException,
    "Every error the engine raises."
);
/// `InputError(Error, ValueError)` and `TableError(Error)`, made at import (a class with
/// two bases cannot come from `create_exception!`).
static INPUT_ERROR: OnceLock<Py<PyType>> = OnceLock::new();
static TABLE_ERROR: OnceLock<Py<PyType>> = OnceLock::new();

/// The engine's error as `InputError` or `TableError`, its message on one line (control
/// characters in quoted input escaped).
pub(crate) fn err(e: EngineError) -> PyErr {
    let class = if e.is_bad_input() {
        &INPUT_ERROR
    } else {
        &TABLE_ERROR
    };
    let message = yahtzee_rules::one_line(&e.to_string());
    match class.get() {
        Some(c) => Python::attach(|py| PyErr::from_type(c.bind(py).clone(), message)),
        None => Error::new_err(message),
    }
}

/// A bad input found here rather than by the engine.
pub(crate) fn bad_input(message: &str) -> PyErr {
    err(EngineError::BadInput(message.to_string()))
}

fn exception_class<'py>(
    py: Python<'py>,
    name: &str,
    bases: Bound<'py, PyTuple>,
    doc: &str,
) -> PyResult<Bound<'py, PyType>> {
    let body = PyDict::new(py);
    body.set_item("__module__", "yahtzee")?;
    body.set_item("__doc__", doc)?;
    Ok(py
        .import("builtins")?
        .getattr("type")?
        .call1((name, bases, body))?
        .cast_into::<PyType>()?)
}

pub(crate) fn table_err(e: yahtzee_table::TableError) -> PyErr {
    err(EngineError::Table(e))
}

/// Adds `Error`, `InputError(Error, ValueError)` and `TableError(Error)` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    let error = py.get_type::<Error>();
    let input = exception_class(
        py,
        "InputError",
        PyTuple::new(py, [error.clone(), py.get_type::<PyValueError>()])?,
        "A question the engine cannot answer as asked: unknown rules, a bad card or dice.",
    )?;
    let table = exception_class(
        py,
        "TableError",
        PyTuple::new(py, [error])?,
        "A table that is missing, damaged, or of other rules.",
    )?;
    m.add("InputError", &input)?;
    m.add("TableError", &table)?;
    let _ = INPUT_ERROR.set(input.unbind());
    let _ = TABLE_ERROR.set(table.unbind());
    Ok(())
}
