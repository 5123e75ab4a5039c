#include "core/frontend/AST.h"

namespace sl::frontend {

std::string_view unaryOpSpelling(UnaryOp op) {
  switch (op) {
    case UnaryOp::Plus: return "+";
    case UnaryOp::Minus: return "-";
    case UnaryOp::Not: return "!";
    case UnaryOp::BitNot: return "~";
    case UnaryOp::PreInc: return "++pre";
    case UnaryOp::PreDec: return "--pre";
    case UnaryOp::PostInc: return "post++";
    case UnaryOp::PostDec: return "post--";
  }
  return "?";
}

std::string_view binaryOpSpelling(BinaryOp op) {
  switch (op) {
    case BinaryOp::Mul: return "*";
    case BinaryOp::Div: return "/";
    case BinaryOp::Rem: return "%";
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::Shl: return "<<";
    case BinaryOp::Shr: return ">>";
    case BinaryOp::Lt: return "<";
    case BinaryOp::Gt: return ">";
    case BinaryOp::Le: return "<=";
    case BinaryOp::Ge: return ">=";
    case BinaryOp::Eq: return "==";
    case BinaryOp::Ne: return "!=";
    case BinaryOp::BitAnd: return "&";
    case BinaryOp::BitXor: return "^";
    case BinaryOp::BitOr: return "|";
    case BinaryOp::LogAnd: return "&&";
    case BinaryOp::LogOr: return "||";
    case BinaryOp::Comma: return ",";
  }
  return "?";
}

std::string_view castKindName(CastKind kind) {
  switch (kind) {
    case CastKind::NoOp: return "NoOp";
    case CastKind::Splat: return "Splat";
    case CastKind::VectorTruncate: return "VectorTruncate";
    case CastKind::MatrixToVector: return "MatrixToVector";
    case CastKind::VectorToMatrix: return "VectorToMatrix";
    case CastKind::IntegralCast: return "IntegralCast";
    case CastKind::IntegralToFloating: return "IntegralToFloating";
    case CastKind::FloatingToIntegral: return "FloatingToIntegral";
    case CastKind::FloatingCast: return "FloatingCast";
    case CastKind::IntegralToBoolean: return "IntegralToBoolean";
    case CastKind::FloatingToBoolean: return "FloatingToBoolean";
    case CastKind::BooleanToIntegral: return "BooleanToIntegral";
    case CastKind::BooleanToFloating: return "BooleanToFloating";
    case CastKind::AggregateSplat: return "AggregateSplat";
    case CastKind::FlatConversion: return "FlatConversion";
    case CastKind::DerivedToBase: return "DerivedToBase";
    case CastKind::ConstantBufferToStruct: return "ConstantBufferToStruct";
    case CastKind::HeapToResource: return "HeapToResource";
  }
  return "?";
}

std::string_view directionName(ParamDirection dir) {
  switch (dir) {
    case ParamDirection::In: return "in";
    case ParamDirection::Out: return "out";
    case ParamDirection::InOut: return "inout";
    case ParamDirection::Ref: return "ref";
  }
  return "?";
}

std::string_view storageClassName(StorageClass sc) {
  switch (sc) {
    case StorageClass::Uniform: return "uniform";
    case StorageClass::CBufferMember: return "cbuffer";
    case StorageClass::Static: return "static";
    case StorageClass::GroupShared: return "groupshared";
    case StorageClass::Local: return "local";
    case StorageClass::Param: return "param";
    case StorageClass::Field: return "field";
    case StorageClass::StaticField: return "static-field";
  }
  return "?";
}

}  // namespace sl::frontend
