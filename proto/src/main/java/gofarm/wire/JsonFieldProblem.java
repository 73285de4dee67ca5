package gofarm.wire;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The field of a JSON text that the proto3 JSON mapping refuses, with a problem a person can act
 * on. The protobuf parser names the bad value ({@code Not an int64 value: "lots"}) but not where it
 * is; here each member is parsed alone against its message type and the search descends into the
 * first member that fails, down to the field to fix: {@code spec.evaluate.positions[1].sgf: must be
 * an object with the fields text, file, move, everyMove, game (got a string)}.
 *
 * @param path the field path, e.g. {@code spec.evaluate.playouts}
 * @param problem what is wrong with its value
 */
record JsonFieldProblem(String path, String problem) {

  /**
   * The first field of {@code json} (a syntactically valid JSON text) whose value the parser
   * refuses for a message of {@code type}, or null when no single field is to blame (e.g. two
   * members of one oneof).
   *
   * @param root the path of the whole text, e.g. {@code spec}
   */
  static JsonFieldProblem find(String json, Descriptor type, String root) {
    JsonElement element = JsonParser.parseString(json);
    if (!element.isJsonObject()) {
      return new JsonFieldProblem(root, mustBeObject(type, element));
    }
    return inObject(element.getAsJsonObject(), type, root);
  }

  private static JsonFieldProblem inObject(JsonObject object, Descriptor type, String path) {
    for (Map.Entry<String, JsonElement> member : object.entrySet()) {
      String name = member.getKey();
      JsonElement value = member.getValue();
      JsonObject alone = new JsonObject();
      alone.add(name, value);
      String problem = refusal(alone, type);
      if (problem == null) {
        continue;
      }
      String here = Violations.join(path, name);
      FieldDescriptor field = field(type, name);
      if (field == null) {
        return new JsonFieldProblem(
            here, "unknown field (" + type.getName() + " has " + names(type) + ")");
      }
      return inValue(field, value, here, problem);
    }
    // Each member is fine alone; together they may set two fields of one oneof.
    for (OneofDescriptor oneof : type.getRealOneofs()) {
      List<String> given = new ArrayList<>();
      for (String name : object.keySet()) {
        FieldDescriptor field = field(type, name);
        if (field != null && field.getRealContainingOneof() == oneof) {
          given.add(name);
        }
      }
      if (given.size() > 1) {
        List<String> choices = new ArrayList<>();
        oneof.getFields().forEach(f -> choices.add(f.getJsonName()));
        return new JsonFieldProblem(
            path,
            "give only one of "
                + String.join(", ", choices)
                + " (got "
                + String.join(" and ", given)
                + ")");
      }
    }
    return null;
  }

  /** Where in a member's value (refused with {@code problem}) the fault lies. */
  private static JsonFieldProblem inValue(
      FieldDescriptor field, JsonElement value, String path, String problem) {
    if (field.isMapField()) {
      if (!value.isJsonObject()) {
        return new JsonFieldProblem(
            path, "must be an object of names and values (got " + kind(value) + ")");
      }
      for (Map.Entry<String, JsonElement> entry : value.getAsJsonObject().entrySet()) {
        JsonObject one = new JsonObject();
        one.add(entry.getKey(), entry.getValue());
        JsonObject alone = new JsonObject();
        alone.add(field.getJsonName(), one);
        String entryProblem = refusal(alone, field.getContainingType());
        if (entryProblem != null) {
          return new JsonFieldProblem(Violations.join(path, entry.getKey()), entryProblem);
        }
      }
      return new JsonFieldProblem(path, problem);
    }
    if (field.isRepeated()) {
      if (!value.isJsonArray()) {
        return new JsonFieldProblem(path, "must be an array [...] (got " + kind(value) + ")");
      }
      JsonArray array = value.getAsJsonArray();
      for (int i = 0; i < array.size(); i++) {
        JsonArray one = new JsonArray();
        one.add(array.get(i));
        JsonObject alone = new JsonObject();
        alone.add(field.getJsonName(), one);
        String elementProblem = refusal(alone, field.getContainingType());
        if (elementProblem != null) {
          return inElement(field, array.get(i), Violations.index(path, i), elementProblem);
        }
      }
      return new JsonFieldProblem(path, problem);
    }
    return inElement(field, value, path, problem);
  }

  /** Where in one value of the field (not a whole repeated field or map) the fault lies. */
  private static JsonFieldProblem inElement(
      FieldDescriptor field, JsonElement value, String path, String problem) {
    if (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE
        && !field.getMessageType().getFile().getPackage().equals("google.protobuf")) {
      // (The well-known types, such as Timestamp, have JSON forms of their own: leaves here.)
      Descriptor type = field.getMessageType();
      if (!value.isJsonObject()) {
        return new JsonFieldProblem(path, mustBeObject(type, value));
      }
      JsonFieldProblem inside = inObject(value.getAsJsonObject(), type, path);
      return inside != null ? inside : new JsonFieldProblem(path, problem);
    }
    if (field.getJavaType() == FieldDescriptor.JavaType.ENUM) {
      List<String> values = new ArrayList<>();
      for (EnumValueDescriptor v : field.getEnumType().getValues()) {
        // The zero value only stands for "not given" (the default, or a field still required).
        if (v.getNumber() != 0 || !v.getName().endsWith("_UNSPECIFIED")) {
          values.add(v.getName());
        }
      }
      return new JsonFieldProblem(
          path, "must be one of " + String.join(", ", values) + " (got " + value + ")");
    }
    return new JsonFieldProblem(path, problem);
  }

  /** The parser's complaint about {@code object} as a message of {@code type}, or null. */
  private static String refusal(JsonObject object, Descriptor type) {
    try {
      JsonFormat.parser().merge(object.toString(), DynamicMessage.newBuilder(type));
      return null;
    } catch (InvalidProtocolBufferException | RuntimeException e) {
      String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      return Character.toLowerCase(message.charAt(0)) + message.substring(1);
    }
  }

  /** The field a JSON member names: by its JSON name or its proto name, as the parser accepts. */
  private static FieldDescriptor field(Descriptor type, String name) {
    for (FieldDescriptor f : type.getFields()) {
      if (f.getJsonName().equals(name) || f.getName().equals(name)) {
        return f;
      }
    }
    return null;
  }

  private static String mustBeObject(Descriptor type, JsonElement value) {
    return "must be an object with the fields " + names(type) + " (got " + kind(value) + ")";
  }

  private static String names(Descriptor type) {
    List<String> names = new ArrayList<>();
    for (FieldDescriptor f : type.getFields()) {
      names.add(f.getJsonName());
    }
    return String.join(", ", names);
  }

  private static String kind(JsonElement value) {
    if (value.isJsonArray()) {
      return "an array";
    }
    if (value.isJsonObject()) {
      return "an object";
    }
    if (value.isJsonNull()) {
      return "null";
    }
    var primitive = value.getAsJsonPrimitive();
    return primitive.isString() ? "a string" : primitive.isBoolean() ? "true or false" : "a number";
  }
}
