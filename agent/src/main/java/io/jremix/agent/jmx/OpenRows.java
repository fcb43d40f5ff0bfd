package io.jremix.agent.jmx;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.List;

import javax.management.openmbean.ArrayType;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.CompositeDataSupport;
import javax.management.openmbean.CompositeType;
import javax.management.openmbean.KeyAlreadyExistsException;
import javax.management.openmbean.OpenDataException;
import javax.management.openmbean.OpenType;
import javax.management.openmbean.SimpleType;
import javax.management.openmbean.TabularData;
import javax.management.openmbean.TabularDataSupport;
import javax.management.openmbean.TabularType;

/**
 * A list of rows as a {@code TabularData} whose columns are a record's components: a table that JConsole and JMC
 * show as one, and that the Prometheus JMX exporter turns into one series per row and numeric column, labelled by
 * the table's index columns (strings). The index names what a row is about, not where it ranks, so that a series
 * keeps its labels while the ranking changes.
 *
 * @param <R> the row's record type: components of {@code String}, {@code int}, {@code long}, {@code double},
 *            {@code boolean} or {@code List<String>} (a {@code String[]} column)
 */
final class OpenRows<R extends Record> {
    private final Class<R> rowClass;
    private final RecordComponent[] components;
    /** The components' names: the rows' item names. */
    private final String[] names;
    private final CompositeType rowType;
    private final TabularType tableType;

    /** @param index the components that name a row: the exporter's labels */
    OpenRows(Class<R> rowClass, String description, String... index) {
        this.rowClass = rowClass;
        this.components = rowClass.getRecordComponents();
        this.names = new String[components.length];
        try {
            OpenType<?>[] types = new OpenType<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                names[i] = components[i].getName();
                types[i] = openType(components[i].getGenericType());
            }
            this.rowType = new CompositeType(rowClass.getSimpleName(), description, names, names, types);
            this.tableType = new TabularType(rowClass.getSimpleName() + "Table", description, rowType, index);
        } catch (OpenDataException e) {
            throw new IllegalArgumentException(rowClass + " is not a row of open types", e);
        }
    }

    private static OpenType<?> openType(Type t) throws OpenDataException {
        if (t == String.class) {
            return SimpleType.STRING;
        } else if (t == int.class) {
            return SimpleType.INTEGER;
        } else if (t == long.class) {
            return SimpleType.LONG;
        } else if (t == double.class) {
            return SimpleType.DOUBLE;
        } else if (t == boolean.class) {
            return SimpleType.BOOLEAN;
        } else if (t instanceof ParameterizedType p && p.getRawType() == List.class
                && p.getActualTypeArguments()[0] == String.class) {
            return ArrayType.getArrayType(SimpleType.STRING);
        }
        throw new OpenDataException("no open type for " + t);
    }

    /**
     * The rows as a table, in their order. A row whose index is an earlier row's is left out: rows come ranked, and
     * the first is the one that matters.
     */
    TabularData table(List<R> rows) {
        TabularDataSupport table = new TabularDataSupport(tableType);
        for (R row : rows) {
            try {
                table.put(composite(row));
            } catch (KeyAlreadyExistsException e) {
                // a lower-ranked row about the same thing
            }
        }
        return table;
    }

    /** One row as {@code CompositeData}. */
    CompositeData composite(R row) {
        Object[] values = new Object[components.length];
        try {
            for (int i = 0; i < components.length; i++) {
                Object v = components[i].getAccessor().invoke(row);
                values[i] = v instanceof List<?> list ? list.toArray(String[]::new) : v;
            }
            return new CompositeDataSupport(rowType, names, values);
        } catch (ReflectiveOperationException | OpenDataException e) {
            throw new IllegalStateException("cannot show a " + rowClass.getSimpleName() + " over JMX", e);
        }
    }
}
